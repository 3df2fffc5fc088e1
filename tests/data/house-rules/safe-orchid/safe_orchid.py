"""The Orchid cannot be captured (see safe-orchid.yaml): Skud's legal moves without the moves
that end on the opponent's Orchid."""
from paisho_core import hookimpl


@hookimpl(wrapper=True)
def paisho_legal_moves(game):
    moves = yield  # Skud's own list
    board, mover = game.state.board, game.state.to_move
    return [m for m in moves if not captures_orchid(board, mover, m)]


def captures_orchid(board, mover, move):
    """Does ``move`` move a tile onto a point held by the opponent's Orchid?"""
    if move.src < 0 or move.dst < 0 or move.src == move.dst:
        return False
    target = board[move.dst]
    return target is not None and target.code == "O" and target.owner != mover
