"""Games of AtariGo 5x5 run by gomill's GTP controller (gomill.gtp_games, Python 2.7), for
tests/gtp_gomill.rs: plyscope against a random player (this file's `random` mode, a GTP
engine built on gomill.gtp_engine and gomill.gtp_states) and plyscope against itself.

    python2.7 match.py PLYSCOPE [plyscope options...]      runs the games, one line each
    python2.7 match.py random SEED                          is the random player

gomill plays Go: a capture removes stones, and a game ends by resignation, two passes, a
forfeit or the move limit. AtariGo ends at the first capture, so both engines resign once
the game is lost (plyscope does so itself; the random player replays the moves to find the
first capture) and the winner passes.
"""

import random
import sys

from gomill import boards, gtp_controller, gtp_engine, gtp_games, gtp_states


def first_capture_winner(game_state):
    """The winner of the AtariGo game so far, or None: replays the history on a fresh board
    and finds the first move that removed stones (the mover's own: a suicide, which loses)."""
    board = game_state.history_base.copy()
    for entry in game_state.move_history:
        if entry.move is None:
            continue
        row, col = entry.move
        before = dict(((r, c), board.get(r, c))
                      for r in range(board.side) for c in range(board.side))
        board.play(row, col, entry.colour)
        removed = [colour for (point, colour) in before.items()
                   if colour is not None and board.get(*point) is None]
        if removed:
            if entry.colour in removed and len(set(removed)) == 1:
                return 'w' if entry.colour == 'b' else 'b'
            return entry.colour
    return None


def random_player(seed):
    rng = random.Random(seed)

    def generate(game_state, colour):
        result = gtp_states.Move_generator_result()
        winner = first_capture_winner(game_state)
        if winner is not None:
            if winner == colour:
                result.pass_move = True
            else:
                result.resign = True
            return result
        board = game_state.board
        empties = [(r, c) for r in range(board.side) for c in range(board.side)
                   if board.get(r, c) is None]
        rng.shuffle(empties)
        for (r, c) in empties:
            trial = board.copy()
            trial.play(r, c, colour)
            if trial.get(r, c) == colour:
                result.move = (r, c)
                return result
        result.pass_move = True
        return result

    state = gtp_states.Gtp_state(move_generator=generate, acceptable_sizes=range(2, 20))
    engine = gtp_engine.Gtp_engine_protocol()
    engine.add_protocol_commands()
    engine.add_commands(state.get_handlers())
    gtp_engine.run_gtp_session(engine, sys.stdin, sys.stdout)


def play(black, white, codes, size=5, move_limit=60):
    controller = gtp_controller.Game_controller(codes[0], codes[1])
    controller.set_player_subprocess('b', black)
    controller.set_player_subprocess('w', white)
    game = gtp_games.Gtp_game(controller, size, komi=0, move_limit=move_limit)
    game.prepare()
    game.run()
    result = game.result
    moves = game.get_moves()
    sgf = game.make_sgf().serialise().replace("\n", "")
    controller.close_players()
    how = ("resignation" if result.detail is None and result.winning_colour
           else (result.detail or "none"))
    line = "game black=%s white=%s result=%s moves=%d forfeit=%s how=%s sgf=%s" % (
        codes[0], codes[1], result.sgf_result, len(moves), result.is_forfeit,
        how.replace(" ", "_"), sgf)
    print(line)
    sys.stdout.flush()


def main():
    if sys.argv[1] == 'random':
        random_player(int(sys.argv[2]))
        return
    plyscope = [sys.argv[1], 'gtp', '--game', 'atarigo'] + sys.argv[2:]
    rand = [sys.executable, __file__, 'random']
    play(plyscope, rand + ['1'], ('plyscope', 'random'))
    play(rand + ['2'], plyscope, ('random', 'plyscope'))
    play(plyscope, plyscope, ('plyscope-b', 'plyscope-w'))


if __name__ == '__main__':
    main()
