# mypy: disable-error-code="empty-body"
"""The variant contract: every hook a variant plugin may implement.

A variant is a module (or package) of plain functions marked ``@hookimpl``, found through the
entry-point group ``paisho.variants``.  Each variant gets its own plugin manager holding the
variant module and any house-rule plugins stacked on it.  When a game is created the hooks are
*resolved once*: a hook with a single plain implementation is bound to that function directly, so
a game never pays pluggy's dispatch inside a move generator.  Hooks are therefore called once per
decision (or once per game), never once per candidate point.

All hooks receive the :class:`paisho_core.game.Game` as ``game``; its ``state`` is the mutable
position.  Unless stated otherwise the first non-None result wins (``firstresult``), so a house
rule registered after the variant can override a hook with ``tryfirst=True`` or wrap it with
``wrapper=True``.

Neutral building blocks a hooks module can use instead of writing its own:

- :mod:`paisho_core.board` -- points as bitsets, area types, 4- and 8-point neighbourhoods,
  nearest tile and rays along rows and columns, midline crossing;
- :mod:`paisho_core.sight` -- movement reach along clear paths (orthogonal or diagonal steps),
  line pairs, points between two tiles, a cycle of pairs enclosing a point (rings), clockwise
  rotation around a point;
- :mod:`paisho_core.steps` -- single steps and chains of hops over tiles, the ring of 8 points
  and its rotation, a starting layout read from the YAML's ``rules.layouts``, a repetition key;
- :class:`paisho_core.game.State` -- board, tile identities, named piles per player (reserve,
  library, hand, pot...), scores, phase, ``extra`` for variant data;
- chance via ``paisho_chance_outcomes`` and ``game.rng``; hidden information via
  ``paisho_observation``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    from .game import Game, Harmony, Move
    from .outcome import Outcome
    from .variant import Variant

hookspec = pluggy.HookspecMarker("paisho")
hookimpl = pluggy.HookimplMarker("paisho")


@hookspec
def paisho_variant_info() -> dict[str, Any]:
    """Describe the variant this plugin provides.

    Return a dict with ``name`` (registry name), ``yaml`` (path of the YAML definition) and
    optionally ``title``.  Called once, at discovery.  Not firstresult: every plugin may answer,
    the variant module's answer (the first registered) names the variant.
    """


@hookspec(firstresult=True)
def paisho_setup(game: Game) -> None:
    """Fill ``game.state`` with the starting position: piles, pre-placed tiles, phase, mover.

    Called once by ``new_game`` after the core has created empty piles for every tile kind (each
    kind's ``count`` in its ``pile`` for both players).  Chance (shuffles) must use ``game.rng``.
    """


@hookspec(firstresult=True)
def paisho_legal_moves(game: Game) -> list[Move]:
    """Return the list of :class:`~paisho_core.game.Move` legal for the pending decision.

    ``str(move)`` must be the move's notation for this decision, unique within the list.  The core
    caches the result until the state changes.  An empty list with no outcome set means the
    player to move is stuck; the variant decides what that means in ``paisho_check_end``.
    """


@hookspec(firstresult=True)
def paisho_has_legal_move(game: Game) -> bool | None:
    """Does the pending decision have at least one legal move?  Return True or False, or None
    to let the core find out by building the whole list (the default).

    An early exit for end checks ("a player who cannot move loses"): stop at the first legal
    move found instead of generating them all.  Call it through ``game.has_legal_move()``,
    which answers from the cached list when there is one.  It must agree with
    ``bool(paisho_legal_moves(game))``; a differential test checks every variant that
    implements it.
    """


@hookspec(firstresult=True)
def paisho_apply(game: Game, move: Move) -> None:
    """Apply ``move`` (already known to be legal) to ``game.state``.

    Update the board, piles, ``state.phase``, ``state.to_move`` and ``state.turn`` as the rules
    say.  Derived data (flags, harmony caches) must be recomputed here or lazily.  Return value is
    ignored.
    """


@hookspec(firstresult=True)
def paisho_chance_outcomes(game: Game) -> list[tuple[Move, float]] | None:
    """For a chance decision (a draw, a shuffle), return ``[(move, probability), ...]``; else None.

    The core samples it with the game's seeded generator when the game plays chance steps itself;
    a record supplies the outcome instead, so replays never use a random generator.
    """


@hookspec(firstresult=True)
def paisho_check_end(game: Game) -> Outcome | None:
    """Called after every decision: return an :class:`~paisho_core.game.Outcome` if the game
    has ended, else None.  The core stores it on ``game.state.outcome``."""


@hookspec(firstresult=True)
def paisho_harmonies(game: Game) -> list[Harmony]:
    """Return the current harmonies as a list of :class:`~paisho_core.game.Harmony`."""


@hookspec(firstresult=True)
def paisho_parse_turn(game: Game, body: str) -> list[str]:
    """Split the body of one recorded turn (the text after ``<n><P>.``) into decision texts.

    Return a list of strings, each of which must equal ``str()`` of a legal move when its turn
    comes.  Raise :class:`~paisho_core.errors.NotationError` for malformed text.  After the last
    one, the core plays any move marked ``implicit`` (such as declining an optional bonus) until
    the turn is over.
    """


@hookspec(firstresult=True)
def paisho_format_turn(game: Game, moves: list[Move]) -> str:
    """Join the decisions of one turn (a list of moves) into the turn body written in records.

    Optional: without it the body is every decision's text in order, implicit ones left out."""


@hookspec(firstresult=True)
def paisho_public_turn(game: Game, moves: list[Move]) -> str | None:
    """The body of one played turn as a player who may not see all of it reads it, for
    displays shown to everyone (the last turn): a secret choice written blank.  None (the
    default): the turn is public and reads as the record writes it.  Records always keep the
    whole turn."""


@hookspec(firstresult=True)
def paisho_position_extra(game: Game) -> dict[str, Any]:
    """Return a dict of variant-specific fields to add to ``game.position()`` (may be empty)."""


@hookspec(firstresult=True)
def paisho_load_position(game: Game, data: dict[str, Any]) -> None:
    """Read the variant-specific fields of a position dict into ``game.state``.

    The core has already placed the board tiles and filled the piles.  Recompute derived data
    here.  Raise :class:`~paisho_core.errors.PositionError` for bad fields.
    """


@hookspec(firstresult=True)
def paisho_status(game: Game) -> list[tuple[str, str]]:
    """Return a list of ``(label, text)`` lines for displays: scores, the pot, drawn tile..."""


@hookspec(firstresult=True)
def paisho_tile_flags(game: Game) -> dict[str, int]:
    """Return ``{flag_name: bitset}`` of derived per-tile flags (drained, trapped, boosted...)."""


@hookspec(firstresult=True)
def paisho_validate_options(variant: Variant, options: dict[str, Any]) -> str | None:
    """Check a complete options dict for combinations the variant refuses; return an error
    message or None."""


@hookspec(firstresult=True)
def paisho_observation(game: Game, player: str) -> dict[str, Any] | None:
    """Return what ``player`` may see, as a position-shaped dict with hidden parts removed
    (the opponent's hand, the order of a draw pile).  None means everything is public, and
    ``game.observation(player)`` then returns the full position.  Computer players and the CLI
    read only this view.

    A view that hides tiles says what it hid, so a player can deal a random world consistent
    with it: ``hidden`` maps each emptied place (``"reserves.host"``, ``"piles.hand.guest"``)
    to how many tiles it holds, and ``unseen`` (optional) lists the codes that may be in them;
    without ``unseen`` they are the set minus every tile the view shows."""


@hookspec(firstresult=True)
def paisho_deal_weights(game: Game, player: str) -> dict[str, float] | None:
    """How likely each tile that may lie in a hidden pile is to be there, as ``player`` can judge
    from what it sees (its own view of the position, never the hidden piles themselves): a dict
    from tile code to a non-negative weight, read once per position by computer players that deal
    worlds for ``paisho_observation``'s hidden piles, which then draw each hidden tile in
    proportion to the weights of the codes still unseen (a code missing from the dict weighs 0; if
    every unseen code weighs 0, they are drawn alike).  For an opponent whose choice its play
    reveals, such as a secret objective it is plainly racing toward.  None (the default): every
    unseen tile alike."""


@hookspec(firstresult=True)
def paisho_evaluate(game: Game, player: str) -> float | None:
    """Score the current position for ``player`` (larger is better, 0 even), for computer
    players.  None lets the generic evaluation (harmonies, material, win condition) decide."""


@hookspec(firstresult=True)
def paisho_one_ply_value(game: Game, player: str) -> float | None:
    """What a one-ply player adds to ``paisho_evaluate`` for the position its move leads to:
    the worth, for ``player``, of what one ply cannot see and a search finds by looking further
    (say, a tile set on the board now that the turns to come make use of).  Read by ``greedy``
    (and so by the hints) only: ``quick``, which sees the reply, and the search levels score
    with the evaluation as it is.  None (the default) adds nothing."""


@hookspec(firstresult=True)
def paisho_look_ahead_widths(game: Game) -> dict[str, int] | None:
    """How many moves the look-ahead level ``quick`` tries at each step in this variant, where
    its defaults (:mod:`paisho_core.players.quick`: ``shortlist`` 3 of greedy's best moves,
    ``replies`` 8 answers, ``follow_ups`` 8 follow-ups) cost more than a few milliseconds a
    decision because the variant's evaluation is dear: a dict with any of those three keys, each
    a whole number from 1 to 64; the keys left out keep their defaults.  Asked once per game
    variant (it must not depend on the position).  None (the default): the defaults."""


@hookspec(firstresult=True)
def paisho_playout_weights(game: Game, moves: list[Move]) -> list[float] | None:
    """How promising each of ``moves`` (the pending decision's legal moves) looks before it is
    played, for computer players: a list of non-negative numbers, one per move, in order.

    Read from the rules and the current position only, without playing the moves (a capture, a
    harmony formed, a step toward the goal, a tile kept safe), so it must be cheap: it is asked
    at every playout step.  Players draw playout moves in proportion to the weights, open search
    nodes most promising first, and on very long lists let greedy try only the most promising.
    None (the default) means uniform.  A variant's strategy module usually implements it beside
    ``paisho_evaluate``."""


@hookspec(firstresult=True)
def paisho_winning_moves(game: Game) -> list[Move] | None:
    """The pending decision's moves with which the player to move reaches the variant's goal
    before the turn passes: a move that wins outright, or the first step of a turn that some
    later step of the same turn wins with (a game ended by a count or a limit, such as a
    tiebreak when the tiles run out, is not a won turn here).  For computer players: a search
    plays such a move at once, and before it commits to a move that passes the turn, asks this
    of the opponent's position after it (in a world dealt from what it sees), to keep from
    handing the opponent a win (:mod:`paisho_core.players.search`).

    The hook may play moves on ``game`` and must take them back; it reads only the board and the
    mover's own tiles.  [] means no such move; None (the default) that the variant cannot tell
    cheaply, and players then do without.  It may leave out moves it does not look into (say
    so in its docstring), never name one that does not win."""


@hookspec(firstresult=True)
def paisho_quick_winning_moves(game: Game) -> list[Move] | None:
    """``paisho_winning_moves``'s answer where the variant gives it for about the cost of one
    evaluation (a reading of the board, not a turn played out), else None.  The one-ply
    players (``greedy``, ``quick``) ask it at every decision and of the opponent's position
    after each of their best moves, so a dearer answer (Ancient's, which tries every placement)
    is left to the search.  The same rules as ``paisho_winning_moves`` apply."""


@hookspec(firstresult=True)
def paisho_tile_budget(game: Game) -> dict[Any, int] | None:
    """The most tiles of each kind a position may hold, for validating loaded positions.

    Return ``{code: n}`` for a set shared by both players (tiles change hands), or
    ``{(player, code): n}`` per player.  None: each player may hold what the fresh setup of this
    game gives them (board plus every pile).
    """


@hookspec(firstresult=True)
def paisho_repair_turn(game: Game, body: str) -> tuple[str, str] | None:
    """The tolerant record reader's repair of one recorded turn the rules refuse.

    Called only when a record is read tolerantly (the default; ``strict=True`` never calls it)
    and the turn ``body`` (text after ``<n><P>.``) cannot be played in the current position.
    Return ``(new_body, note)`` when the variant's reference engine is *known* to play such a
    turn differently from how it is written, and how: ``new_body`` is played instead, and
    ``note`` (one sentence, e.g. "harmony bonus +R4(-8,0) dropped: the move formed no new
    harmony") is listed on ``game.repairs`` with the move number.  Return None otherwise: the
    turn stays an error.  Never guess what a writer meant; repair only what the reference
    engine does.
    """


@hookspec(firstresult=True)
def paisho_explain_illegal(game: Game, text: str) -> str | None:
    """Why the decision ``text``, well formed for the pending decision but not legal, is refused.

    Called only after a move was refused, never during play, so it may be slow and simple.
    Return one short sentence naming the rule and where it bites ("this tile may not end in a
    white garden", "blocked by the tile on (0,4)", "would clash with the tile on (3,0)"), or None when
    the rules cannot tell (the core then lists some legal moves).  Raise
    :class:`~paisho_core.errors.NotationError` when ``text`` is not even well formed: it then
    reads as a typo, not as an illegal move.
    """


@hookspec(firstresult=True)
def paisho_game_events(game: Game, move: Move, before: Game) -> dict[str, Any] | None:
    """What the decision ``move`` did, in the rules' own terms, for reports (``paisho compare``).

    ``game`` stands after the move (before any chance step that follows it), ``before`` is a copy
    of the game before it (read it, never play on it).  Return a dict with any of ``captures``
    (opponent tiles the rules count as captured by the move: taken off the board, or caught
    where they stand), ``removals`` (tiles leaving the board otherwise, such as an accent tile a
    special tile removes), ``harmonies_formed`` (harmonies of the mover's that the move made), ``bonuses``
    (bonus moves used: 1 when this decision was one) and ``first_player`` (who moved first,
    once the rules have decided it, as a ritual may).  A key left out is counted by the report
    the generic way (a capture: an opponent tile leaving the board during the mover's decision).
    """
