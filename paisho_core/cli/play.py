"""Terminal play: ``paisho play`` (people and computer players), ``paisho match`` (computer
against computer, many games) and ``paisho show`` (a record or position as text or SVG).

Everything goes through the public game API, so it works for every registered variant and for
house-rule variants made from YAML.
"""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Optional

import typer

from .. import board
from ..boundary import shorten
from ..safe_io import write_atomic
from .util import InputError, _load_game, _read, _show, guarded, variant_and_options
from ..errors import PaishoError
from ..tiles import PLAYERS, other

HELP = """\
Type a move in notation (for example R3(0,-8) or (0,-8)-(0,-5)), or a point such as (0,-8) to
list the legal moves of the tile there (or onto that point), numbered; then type a number.
Commands:
  moves        list every legal move, numbered
  hint         the computer's suggestion
  undo         take back the last move (against the computer: your move and its reply)
  save FILE    write the game record to FILE
  rules TILE   what a tile does in this variant (code or name), from the variant's data
  board        draw the board again
  record       print the record so far
  resign       give up the game
  help         this text
  quit         leave (the game is not saved unless you save it)"""


def register(app: typer.Typer) -> None:
    app.command("play")(cmd_play)
    app.command("show")(cmd_show)
    app.command("match")(cmd_match)


# -- paisho show --------------------------------------------------------------------------------

@guarded
def cmd_show(file: Path = typer.Argument(..., help="A record or a position (JSON)."),
             move: Optional[int] = typer.Option(None, "--move", "-m",
                                                help="Show the position after this many whole turns of a record."),
             svg: Optional[Path] = typer.Option(None, "--svg", help="Write the board as an SVG picture here."),
             plain: bool = typer.Option(False, "--plain", help="No colour even on a terminal."),
             variant: Optional[str] = typer.Option(None, "--variant", help="Variant (name or YAML) for records with no Variant tag.")):
    """Draw a record's final position (or the one after --move N turns) or a position file."""
    if variant:
        variant_and_options(variant)
    game = _load_game(file, variant)
    if move is not None:
        turns = len(game.turns())
        if move < 0 or move > turns:
            raise InputError(f"--move {move}: the record has {turns} turns (0 to {turns})")
        while len(game.turns()) > move:
            game.undo()
    if svg:
        from ..drawing.svg import game_svg

        try:
            write_atomic(svg, game_svg(game))
        except OSError as exc:
            raise InputError(f"{svg}: cannot write: {exc.strerror}") from None
        typer.echo(f"wrote {svg}")
        return
    _show(game, colour=False if plain else None)


# -- paisho play --------------------------------------------------------------------------------

class Session:
    """One terminal game: who plays each side, the input loop and its commands."""

    def __init__(self, game, sides: dict, seed=None, think: Optional[float] = None, colour=None) -> None:
        from ..players import make_player

        self.game = game
        self.kinds = sides
        self.bots = {}
        for n, p in enumerate(PLAYERS):
            if sides[p] != "human":
                self.bots[p] = make_player(sides[p], seed=None if seed is None else seed * 10 + n,
                                           seconds=think)
        self.humans = [p for p in PLAYERS if sides[p] == "human"]
        self.viewer = self.humans[0] if len(self.humans) == 1 else None
        # two people at one terminal in a game with hidden parts (hands): each sees only their
        # own view, and the screen is handed over between them
        self.hotseat = len(self.humans) == 2 and "hidden" in game.observation("guest")
        self.shown_to: Optional[str] = None
        self.choices: list = []
        self.choices_ply = -1
        self.colour = colour
        self.interactive = sys.stdin.isatty()
        self.resigned: Optional[str] = None
        self.think = think
        self.seed = seed
        self.save_to: Optional[Path] = None  # --save FILE: where the end-of-game prompt saves
        self.save_failed = False  # a save that failed makes the command exit non-zero

    # -- input and output ----------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        typer.echo(text)

    def ask(self, prompt: str) -> Optional[str]:
        if self.interactive:
            try:
                return input(prompt)
            except EOFError:
                return None
        line = sys.stdin.readline()
        if not line:
            return None
        typer.echo(prompt + line.rstrip())
        return line

    def show(self) -> None:
        if self.hotseat and self.shown_to is not None and self.shown_to != self.game.to_move:
            return  # the next player's view waits for the hand-over
        viewer = self.game.to_move if self.hotseat else self.viewer
        self.shown_to = viewer
        _show(self.game, colour=self.colour, viewer=viewer)

    def hand_over(self) -> None:
        """Hot seat: hide the last player's view and wait until the next player is at the keys."""
        who = self.game.to_move
        if self.interactive:
            typer.echo("\033[2J\033[H", nl=False)  # clear the screen
            try:
                input(f"Pass the terminal to {who} and press Enter. ")
            except EOFError:
                return
        else:
            self.say(f"-- the terminal passes to {who} --")
        self.shown_to = None
        self.show()

    # -- the loop ------------------------------------------------------------------------------
    def run(self) -> None:
        """Play until the game ends or input ends; Ctrl-C stops the game and offers to save."""
        try:
            self.loop()
        except KeyboardInterrupt:
            self.say("\ninterrupted")
            try:
                self.offer_save()
            except KeyboardInterrupt:
                self.say("\nnot saved")

    def loop(self) -> None:
        game = self.game
        self.say(f"{game.variant.title}: guest {self.kinds['guest']}, host {self.kinds['host']}. "
                 "Type help for commands.")
        self.show()
        while game.outcome is None and self.resigned is None:
            chance = game.chance_outcomes()
            if chance:  # a draw left open (a record that stops before it): the game draws it
                self.say(f"{game.to_move} draws {game.play(game.sample_chance(chance))}")
                continue
            if not game.legal_moves():
                self.say(f"{game.to_move} has no legal move and the variant ends nothing: stopping.")
                break
            if game.to_move in self.bots:
                self.computer_move()
                continue
            if self.hotseat and self.shown_to != game.to_move:
                self.hand_over()
            line = self.ask(f"{game.to_move} [{game.phase}]> ")
            if line is None:
                self.say("(end of input)")
                return self.left()
            if not self.command(line.strip()):
                return self.left()
        self.finish()

    def left(self) -> None:
        """The player left before the end (quit, end of input): --save still offers to save."""
        if self.save_to is not None:
            self.offer_save()

    def computer_move(self) -> None:
        game = self.game
        who = game.to_move
        move = self.bots[who].choose(game)
        game.play(move)
        self.say(f"{who} ({self.kinds[who]}) plays {move}")
        if game.to_move not in self.bots and game.outcome is None:
            self.show()

    def finish(self) -> None:
        game = self.game
        if self.resigned:
            self.say(f"Game over: {other(self.resigned)} wins ({self.resigned} resigned)")
        elif game.outcome is not None:
            self.show()  # the final board, its first line says who won and why
        if self.humans or self.save_to:
            self.offer_save()

    def offer_save(self) -> None:
        """Ask where to save the record.  Enter does what the prompt says: skips, or with
        ``--save FILE`` saves to FILE; the end of input counts as Enter."""
        if self.save_to is not None:
            line = self.ask(f"Save the record? Press Enter to save it to {self.save_to}, type "
                            f"another file name, or 'no' to skip: ")
        elif self.humans:
            line = self.ask("Save the record? Type a file name, or press Enter to skip: ")
        else:
            return
        name = (line or "").strip()
        if name.lower() in ("no", "n", "skip"):
            return
        if name.lower() in ("quit", "exit", "q"):
            name = ""  # leaving: what Enter does
        if name or self.save_to is not None:
            self.save(name or str(self.save_to))

    def record_text(self) -> str:
        """The record of every whole turn played (a turn still in progress is left out: a record
        holds whole turns only)."""
        game = self.game
        if game.state.pending and game.outcome is None:
            game = game.copy()
            while game.state.pending:
                game.undo()
        return game.record()  # a resignation is in the outcome, written as Result/Termination

    def save(self, name: str) -> None:
        path = Path(name)
        try:
            write_atomic(path, self.record_text())
        except OSError as exc:
            self.save_failed = True
            self.say(f"cannot save to {path}: {exc.strerror or exc} (nothing was changed there)")
            return
        part = " (the turn in progress is not saved)" if self.game.state.pending and self.game.outcome is None else ""
        self.say(f"saved the record to {path}{part}")

    # -- commands ------------------------------------------------------------------------------
    def command(self, line: str) -> bool:
        """Handle one input line; False ends the session."""
        game = self.game
        if not line:
            return True
        if line in {str(m) for m in game.legal_moves()}:
            self.try_move(line)  # a move's own text wins over any command of the same spelling
            return True
        word, _, rest = line.partition(" ")
        cmd = word.lower()
        rest = rest.strip()
        if cmd in ("quit", "exit", "q"):
            self.say("bye")
            return False
        if cmd == "help":
            self.say(HELP)
        elif cmd in ("moves", "m"):
            self.list_choices(game.legal_moves(), "legal moves")
        elif cmd == "hint":
            self.hint()
        elif cmd == "undo":
            self.undo()
        elif cmd == "save":
            if not rest:
                self.say("save needs a file name: save FILE")
            else:
                self.save(rest)
        elif cmd == "resign":
            self.resigned = game.to_move
            game.resign(self.resigned)
        elif cmd == "rules":
            self.say(tile_rules(game, rest) if rest else "rules needs a tile: rules CODE or rules NAME")
        elif cmd in ("board", "show"):
            self.show()
        elif cmd == "record":
            self.say(self.record_text().rstrip())
        elif line.isdigit():
            self.pick(int(line))
        elif line.replace(" ", "") in board.LABEL_INDEX:
            self.select(board.LABEL_INDEX[line.replace(" ", "")])
        else:
            self.try_move(line)
        return True

    def list_choices(self, moves, title: str) -> None:
        self.choices = list(moves)
        self.choices_ply = self.game.ply
        if not moves:
            self.say(f"no {title}")
            return
        self.say(f"{len(moves)} {title} (type a number to play one):")
        width = max(len(str(m)) for m in moves) + 6
        per_line = max(1, 96 // width)
        row = []
        for n, m in enumerate(moves, 1):
            row.append(f"{n:>3}. {m}".ljust(width))
            if len(row) == per_line:
                self.say("".join(row).rstrip())
                row = []
        if row:
            self.say("".join(row).rstrip())

    def select(self, i: int) -> None:
        moves = self.game.legal_moves()
        label = board.LABEL[i]
        tile = self.game.state.board[i]
        from_here = [m for m in moves if m.src == i]
        if from_here:
            self.list_choices(from_here, f"moves of the tile on {label}")
            return
        onto = [m for m in moves if m.dst == i]
        if onto:
            self.list_choices(onto, f"moves onto {label}")
            return
        what = f"the {tile.owner} {tile.kind.name} on {label}" if tile else f"{label} (empty)"
        self.say(f"no legal move for {what} now")

    def pick(self, n: int) -> None:
        if self.choices_ply != self.game.ply or not self.choices:
            self.say("no numbered list for this decision: type moves or a point first")
            return
        if not 1 <= n <= len(self.choices):
            self.say(f"pick a number from 1 to {len(self.choices)}")
            return
        self.play(self.choices[n - 1])

    def try_move(self, text: str) -> None:
        try:
            self.game.play(text)
        except PaishoError as exc:
            self.say(f"not played: {exc}")
            self.say("(the position is unchanged; type moves for the legal moves, help for commands)")
            return
        self.after_human_move()

    def play(self, move) -> None:
        self.game.play(move)
        self.after_human_move()

    def after_human_move(self) -> None:
        self.choices = []
        if self.game.to_move not in self.bots and self.game.outcome is None:
            self.show()

    def hint(self) -> None:
        from ..players import GreedyPlayer, make_player

        game = self.game
        if self.think and self.think > 0.5:
            move = make_player("medium", seed=self.seed, seconds=min(self.think, 3.0)).choose(game)
            self.say(f"hint (search): {move}")
            return
        ranked = GreedyPlayer(seed=self.seed).scored(game)[:3]
        self.say("hint (greedy, best first): " + ", ".join(f"{m} ({s:+.1f})" for s, m in ranked))

    def undo(self) -> None:
        game = self.game
        if not game.ply:
            self.say("nothing to undo")
            return
        undone = []
        human_undone = False
        while game.ply:
            mover = game.turns()[-1][1]
            undone.append(str(game.undo()))
            human_undone = human_undone or mover in self.humans
            if human_undone and game.to_move in self.humans and game.chance_outcomes() is None:
                break
        self.choices = []
        self.say("undone: " + ", ".join(reversed(undone)))
        self.show()


def tile_rules(game, query: str) -> str:
    """What a tile does in this variant, from its YAML data (and the docs page if there is one)."""
    v = game.variant
    q = query.strip().lower()
    tiles = v.definition.get("tiles", [])
    found = [t for t in tiles if t["code"].lower() == q] or [t for t in tiles if t.get("name", "").lower() == q] \
        or [t for t in tiles if q and q in t.get("name", "").lower()]
    if not found:
        codes = ", ".join(f"{t['code']} {t.get('name', '')}".strip() for t in tiles)
        return f"no tile {query!r} in {v.name}; tiles: {codes}"
    out = []
    for t in found[:3]:
        code = t["code"]
        kind = game.tileset.kinds[[k.code for k in game.tileset.kinds].index(code)]
        out.append(f"{kind.name} ({code}), {kind.group} tile" + (f", {kind.colour}" if kind.colour else "")
                   + (f", number {kind.number}" if kind.number is not None else ""))
        start = dict(kind.piles) if kind.piles else {kind.pile: kind.count}
        out.append("  each player starts with " + ", ".join(f"{n} in the {p}" for p, n in start.items()))
        if kind.move:
            out.append(f"  moves up to {kind.move} points")
        if t.get("stops"):
            out.append("  may stand on: " + ", ".join(t["stops"]))
        partners = sorted(v.harmony.partners(code)) if code in v.tileset else []
        if code in v.wild:
            out.append("  harmonizes with any tile (wild)")
        elif partners:
            out.append("  harmonizes with: " + ", ".join(partners))
        clashes = sorted(v.clash.partners(code))
        if clashes:
            out.append("  clashes with: " + ", ".join(clashes))
        if kind.tags:
            out.append("  rule tags: " + ", ".join(sorted(kind.tags)))
        out.extend(_doc_lines(v.name, kind.name))
    return "\n".join(out)


def _doc_lines(variant: str, tile_name: str, limit: int = 4) -> list[str]:
    """Lines of the variant's rules page that mention the tile (when the docs are at hand)."""
    root = Path(__file__).resolve().parent.parent / "docs" / "variants"
    for name in (variant, variant.replace("3-", "three-")):
        page = root / name / "rules.md"
        if page.is_file():
            hits = [ln.strip() for ln in page.read_text("utf-8").splitlines()
                    if tile_name.lower() in ln.lower() and not ln.startswith("#")]
            if hits:
                return [f"  from docs/variants/{name}/rules.md:"] + [f"    {h}" for h in hits[:limit]]
    return []


def _side(value: str, flag: str) -> str:
    from ..players import LEVELS, PLAYER_KINDS, check_kind

    if value == "human":
        return value
    try:
        return check_kind(value)
    except PaishoError as exc:
        if value.partition(":")[0] in PLAYER_KINDS:  # a known name with a bad budget
            raise InputError(f"{flag}: {exc}") from None
        raise InputError(f"{flag} {shorten(value)!r}: choose human, {', '.join(LEVELS)}") from None


@guarded
def cmd_play(variant: str = typer.Argument(..., help="Variant to play (name, name:K=V,... or a YAML file)."),
             options: Optional[str] = typer.Option(None, "--options", help="Options as a JSON object."),
             option: list[str] = typer.Option([], "--option", "-o", help="An option NAME=VALUE (repeatable)."),
             seed: Optional[int] = typer.Option(None, "--seed", help="Seed for chance steps and computer players."),
             guest: str = typer.Option("human", "--guest", help="human, or a level: random, greedy, quick, easy, medium, hard."),
             host: str = typer.Option("human", "--host", help="human, or a level: random, greedy, quick, easy, medium, hard."),
             think: Optional[float] = typer.Option(None, "--think", help="Seconds a search level (easy, medium, hard) thinks per decision, instead of its own budget."),
             record: Optional[Path] = typer.Option(None, "--record", help="Continue this saved game."),
             save: Optional[Path] = typer.Option(None, "--save", help="Offer to write the record here when the game ends or is interrupted (Enter saves, 'no' skips)."),
             plain: bool = typer.Option(False, "--plain", help="No colour even on a terminal.")):
    """Play a game at the terminal: people against each other or against the computer."""
    from .. import load_record, new_game

    sides = {"guest": _side(guest, "--guest"), "host": _side(host, "--host")}
    _check_think(think)
    v, opts = variant_and_options(variant, options, option)
    if record:
        game = load_record(_read(record), source=str(record), variant=v)
        game.auto_chance = True  # from here on the game draws for itself, as in a new game
    else:
        game = new_game(v, options=opts, seed=seed)
    session = Session(game, sides, seed=seed if seed is not None else game.seed, think=think,
                      colour=False if plain else None)
    session.save_to = save
    session.run()
    if session.save_failed:
        raise typer.Exit(1)


def _check_think(think: Optional[float]) -> None:
    """--think must be a finite time a search can keep (not nan, inf or 1e308)."""
    from ..players.levels import check_budget

    if think is not None:
        try:
            check_budget(seconds=think)
        except PaishoError as exc:
            raise InputError(f"--think: {exc}") from None


# -- paisho match -------------------------------------------------------------------------------

def run_match(variant, options: dict, guest: str, host: str, games: int, seed: int = 1,
              think: Optional[float] = None, max_plies: Optional[int] = 600, alternate: bool = False,
              progress=None) -> dict:
    """Play ``games`` computer games; returns the tally by player kind and the list of results.

    A game stopped by ``max_plies`` is counted by the evaluation of the final position
    (:func:`paisho_core.players.result_for`) and reported as capped."""
    from .. import new_game
    from ..players import make_player, play_game, result_for

    tally: dict[str, Any] = {"games": 0, "capped": 0, "draws": 0, "points": {guest: 0.0, host: 0.0} if guest != host else {},
             "wins": {}, "results": []}
    for k in range(games):
        g_kind, h_kind = (host, guest) if alternate and k % 2 else (guest, host)
        game = new_game(variant, options=options, seed=seed + k)
        players = {"guest": make_player(g_kind, seed=(seed + k) * 7 + 1, seconds=think),
                   "host": make_player(h_kind, seed=(seed + k) * 7 + 2, seconds=think)}
        play_game(game, players, max_plies=max_plies)
        capped = game.outcome is None
        r_guest = result_for(game, "guest")
        label = {1.0: "guest", 0.0: "host", 0.5: "draw"}[r_guest]
        winner_kind = {"guest": g_kind, "host": h_kind}.get(label)
        tally["games"] += 1
        tally["capped"] += capped
        if label == "draw":
            tally["draws"] += 1
        else:
            key = f"{winner_kind} ({label})"
            tally["wins"][key] = tally["wins"].get(key, 0) + 1
        if guest != host:
            tally["points"][g_kind] += r_guest
            tally["points"][h_kind] += 1 - r_guest
        tally["results"].append({"game": k + 1, "seed": seed + k, "guest": g_kind, "host": h_kind,
                                 "result": label, "capped": capped, "decisions": game.ply,
                                 "reason": game.outcome.reason if game.outcome else "ply cap (by evaluation)"})
        if progress:
            progress(tally)
    return tally


@guarded
def cmd_match(variant: str = typer.Argument(..., help="Variant (name, name:K=V,... or a YAML file)."),
              guest: str = typer.Option("medium", "--guest", help="A level: random, greedy, quick, easy, medium, hard (mcts:N = N search iterations)."),
              host: str = typer.Option("greedy", "--host", help="A level: random, greedy, quick, easy, medium, hard."),
              games: int = typer.Option(20, "-n", "--games", help="Number of games."),
              options: Optional[str] = typer.Option(None, "--options", help="Options as a JSON object."),
              option: list[str] = typer.Option([], "--option", "-o", help="An option NAME=VALUE (repeatable)."),
              seed: int = typer.Option(1, "--seed", help="Seed of the first game (game k uses seed+k)."),
              think: Optional[float] = typer.Option(None, "--think", help="Seconds per search decision, instead of the level's own budget."),
              max_plies: int = typer.Option(600, "--max-plies", help="Decision cap; a capped game counts by the evaluation."),
              alternate: bool = typer.Option(False, "--alternate", help="Swap sides every other game."),
              json_out: bool = typer.Option(False, "--json", help="Print the tally and every game as JSON.")):
    """Computer against computer: play -n games and print the score."""
    import json

    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    for value, flag in ((guest, "--guest"), (host, "--host")):
        if _side(value, flag).startswith("human"):
            raise InputError(f"{flag}: a match is between computer players")
    if games < 1:
        raise InputError("-n must be at least 1")
    _check_think(think)
    v, opts = variant_and_options(variant, options, option)
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), TextColumn("{task.fields[score]}"),
                  disable=json_out, transient=False) as bar:
        task = bar.add_task(f"{v.name}: {guest} (guest) v {host} (host)", total=games, score="")

        def update(t):
            score = "  ".join(f"{k} {p:g}" for k, p in t["points"].items())
            bar.update(task, advance=1, score=score)

        tally = run_match(v, opts, guest, host, games, seed=seed, think=think, max_plies=max_plies,
                          alternate=alternate, progress=update)
    if json_out:
        typer.echo(json.dumps(tally, indent=2))
        return
    typer.echo(f"{tally['games']} games of {v.name}: " + ", ".join(
        f"{k} won {n}" for k, n in sorted(tally["wins"].items())) + f", {tally['draws']} drawn")
    if tally["points"]:
        typer.echo("Score: " + "  ".join(f"{k} {p:g}/{tally['games']}" for k, p in tally["points"].items()))
    if tally["capped"]:
        typer.echo(f"{tally['capped']} game(s) reached the {max_plies}-decision cap and were scored "
                   "by the evaluation of the final position.")
