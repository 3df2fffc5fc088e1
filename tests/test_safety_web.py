"""Issue 32 through HTTP: a web client can name only registered variants (never a file of the
server's folder, whatever the spelling), an error never echoes an unrelated file, and a record
downloaded while a hidden-information game is under way carries no seed."""
from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")
pytestmark = pytest.mark.filterwarnings("ignore:Using `httpx`")

from starlette.testclient import TestClient  # noqa: E402

import paisho_core as paisho  # noqa: E402
from paisho_core.web.app import create_app  # noqa: E402
from tests.test_safety_names import plant  # noqa: E402


@pytest.fixture()
def planted(tmp_path, monkeypatch):
    """The server's working folder holds variant files whose hooks write a marker."""
    marker = tmp_path / "marker"
    house = plant(tmp_path, marker)
    for name in ("notes", ".mine"):
        (tmp_path / name).write_text(house.read_text())
    (tmp_path / "config.yml").write_text("secret_key: 1\npassword: 2\n")
    monkeypatch.chdir(tmp_path)
    return marker


@pytest.mark.parametrize("variant", ["house.yaml:", "house.yaml", "notes", ".mine", "config.yml:",
                                     "./house.yaml", "house_hooks.py"])
def test_a_client_cannot_name_a_file(planted, variant):
    client = TestClient(create_app(), raise_server_exceptions=False)
    before = client.get("/api/variants").json()
    r = client.post("/api/tables", json={"variant": variant, "seed": 1})
    assert 400 <= r.status_code < 500, r.text
    message = r.json()["error"]
    assert "skud" in message  # names the registered variants
    assert "secret_key" not in message and "password" not in message
    r = client.post("/api/tables/load", json={"text": "1G.R3(0,-8)\n", "variant": variant})
    assert 400 <= r.status_code < 500, r.text
    assert not planted.exists()
    assert client.get("/api/variants").json() == before  # nothing new listed to other clients


def test_an_uploaded_record_cannot_name_a_file(planted):
    client = TestClient(create_app(), raise_server_exceptions=False)
    for tag in ("house.yaml", ".mine", "notes"):
        r = client.post("/api/tables/load", json={"text": f'[Variant "{tag}"]\n1G.R3(0,-8)\n'})
        assert 400 <= r.status_code < 500, r.text
    assert not planted.exists()


def test_a_download_of_a_game_under_way_has_no_seed():
    client = TestClient(create_app(), raise_server_exceptions=False)
    r = client.post("/api/tables", json={"variant": "ancient", "seed": 5,
                                         "sides": {"guest": "human", "host": "human"}})
    assert r.status_code == 200, r.text
    table = r.json()["id"]
    for _ in range(6):
        view = client.get(f"/api/tables/{table}").json()
        if view.get("outcome"):
            break
        r = client.post(f"/api/tables/{table}/computer", json={})
        if r.status_code != 200:
            client.post(f"/api/tables/{table}/handover", json={})
    r = client.get(f"/api/tables/{table}/record")
    if r.status_code == 409:  # a hidden-hand game with a person in it: the record waits for the end
        assert "hidden" in r.json()["error"]
    else:
        assert "[Seed" not in r.text and "[Withheld" in r.text
        with pytest.raises(paisho.RecordError):
            paisho.load_record(r.text)
    fire = client.post("/api/tables", json={"variant": "fire", "seed": 5,
                                            "sides": {"guest": "human", "host": "human"}}).json()
    client.post(f"/api/tables/{fire['id']}/computer", json={})
    text = client.get(f"/api/tables/{fire['id']}/record").text
    assert "[Seed" not in text and "[Withheld" in text  # Fire's future draws stay unknown
