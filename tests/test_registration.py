"""Registration of the shipped variant plugins (the entry-point group ``paisho.variants``).

Each variant's ``__init__.py`` registers the plugin: it describes the variant
(``paisho_variant_info``) and imports the hooks that its other modules (``rules.py``,
``notation.py``, ``positions.py``, ...) or ``paisho_variants.common`` define, since pluggy
registers that one module.  These tests catch a hook written in a submodule and never
imported, and a description that names a missing YAML."""
from __future__ import annotations

import importlib
import inspect
import os
import pkgutil
from importlib.metadata import entry_points

import pytest

import paisho_core as paisho
from paisho_core.variant import get_variant

ENTRY_POINTS = {ep.name: ep for ep in entry_points(group="paisho.variants")
                if ep.value.startswith("paisho_variants.")}


def _where(function) -> tuple[str, int]:
    """Where a hook is written (a hook of a file the YAML lists is registered wrapped)."""
    code = inspect.unwrap(function).__code__
    return os.path.realpath(code.co_filename), code.co_firstlineno


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
def test_every_plugin_describes_a_variant_with_its_yaml(name):
    module = ENTRY_POINTS[name].load()
    info = module.paisho_variant_info()
    assert set(info) >= {"name", "yaml", "title"}
    assert os.path.dirname(os.path.realpath(info["yaml"])) == os.path.dirname(os.path.realpath(module.__file__))
    assert os.path.isfile(info["yaml"])
    # an alias (``street``) names the variant its module describes
    assert info["name"] == name or info["name"] in paisho.variants()
    assert get_variant(name).name == info["name"]


@pytest.mark.parametrize("name", sorted({ep.value for ep in ENTRY_POINTS.values()}))
def test_every_hook_a_variant_package_defines_is_registered(name):
    package = importlib.import_module(name)
    info = package.paisho_variant_info()
    pm = get_variant(info["name"]).pm
    registered = {_where(impl.function) for caller in pm.hook.__dict__.values()
                  if hasattr(caller, "get_hookimpls") for impl in caller.get_hookimpls()}
    defined = []
    for sub in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{name}.{sub.name}")
        for attr, value in vars(module).items():
            if attr.startswith("paisho_") and hasattr(value, "paisho_impl") \
                    and getattr(value, "__module__", None) == module.__name__:
                defined.append((f"{sub.name}.{attr}", _where(value)))
    assert defined or name == "paisho_variants.nick"
    missing = [label for label, where in defined if where not in registered]
    assert not missing, f"{name}: hooks defined but not registered: {missing}"
