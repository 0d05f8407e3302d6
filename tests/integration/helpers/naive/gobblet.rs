//! A naive Gobblet / Gobblet Gobblers for differential tests: stacks as vectors of
//! `(player, size)` bottom to top, the three Gobblet sets as vectors, every move made on a
//! copy, wins found by scanning every line of the board after the move. No shared code with
//! `src/games/gobblet`. Repetitions are not modelled (perft depths stay below the eight
//! plies a third repetition needs).

use plyscope::game::Player;

#[derive(Clone, Debug)]
pub struct NaiveGobblet {
    pub n: usize,
    /// Gobblet: reserve pieces may cover only an opponent piece in a line of three.
    pub restricted: bool,
    /// `board[y][x]`: the stack, bottom to top.
    pub board: Vec<Vec<Vec<(Player, u8)>>>,
    /// Per player: the reserve sets, each bottom to top (Gobblers: one set per piece).
    pub sets: [Vec<Vec<u8>>; 2],
    pub to_move: Player,
    pub winner: Option<Player>,
}

/// A move in the game's notation: `4c2` or `a1-c2`.
pub type Text = String;

fn name(x: usize, y: usize) -> String {
    format!("{}{}", (b'a' + x as u8) as char, y + 1)
}

impl NaiveGobblet {
    pub fn gobblet() -> Self {
        let set = vec![1, 2, 3, 4];
        NaiveGobblet {
            n: 4,
            restricted: true,
            board: vec![vec![Vec::new(); 4]; 4],
            sets: [vec![set.clone(); 3], vec![set; 3]],
            to_move: Player::Black,
            winner: None,
        }
    }

    pub fn gobblers() -> Self {
        let pieces: Vec<Vec<u8>> = [1, 1, 2, 2, 3, 3].iter().map(|&s| vec![s]).collect();
        NaiveGobblet {
            n: 3,
            restricted: false,
            board: vec![vec![Vec::new(); 3]; 3],
            sets: [pieces.clone(), pieces],
            to_move: Player::Black,
            winner: None,
        }
    }

    fn top(&self, x: usize, y: usize) -> Option<(Player, u8)> {
        self.board[y][x].last().copied()
    }

    fn lines(&self) -> Vec<Vec<(usize, usize)>> {
        let n = self.n;
        let mut out = Vec::new();
        for y in 0..n {
            out.push((0..n).map(|x| (x, y)).collect());
        }
        for x in 0..n {
            out.push((0..n).map(|y| (x, y)).collect());
        }
        out.push((0..n).map(|i| (i, i)).collect());
        out.push((0..n).map(|i| (i, n - 1 - i)).collect());
        out
    }

    fn has_line(&self, p: Player) -> bool {
        self.lines().iter().any(|l| {
            l.iter()
                .all(|&(x, y)| matches!(self.top(x, y), Some((q, _)) if q == p))
        })
    }

    fn opponent_three_through(&self, x: usize, y: usize, opp: Player) -> bool {
        self.lines().iter().any(|l| {
            l.contains(&(x, y))
                && l.iter()
                    .filter(|&&(a, b)| matches!(self.top(a, b), Some((q, _)) if q == opp))
                    .count()
                    >= 3
        })
    }

    /// Every legal move with the position it leads to, reserve moves first; duplicates
    /// (equal sets) removed by their text.
    pub fn successors(&self) -> Vec<(Text, NaiveGobblet)> {
        let mut out: Vec<(Text, NaiveGobblet)> = Vec::new();
        if self.winner.is_some() {
            return out;
        }
        let me = self.to_move;
        let opp = me.opponent();
        let n = self.n;
        for (si, set) in self.sets[me as usize].iter().enumerate() {
            let Some(&size) = set.last() else { continue };
            for y in 0..n {
                for x in 0..n {
                    let ok = match self.top(x, y) {
                        None => true,
                        Some((p, s)) => {
                            s < size
                                && (!self.restricted
                                    || (p == opp && self.opponent_three_through(x, y, opp)))
                        }
                    };
                    if !ok {
                        continue;
                    }
                    let text = format!("{size}{}", name(x, y));
                    if out.iter().any(|(t, _)| *t == text) {
                        continue;
                    }
                    let mut next = self.clone();
                    next.sets[me as usize][si].pop();
                    next.board[y][x].push((me, size));
                    next.finish(me);
                    out.push((text, next));
                }
            }
        }
        for fy in 0..n {
            for fx in 0..n {
                let Some((p, size)) = self.top(fx, fy) else {
                    continue;
                };
                if p != me {
                    continue;
                }
                for y in 0..n {
                    for x in 0..n {
                        if (x, y) == (fx, fy) {
                            continue;
                        }
                        if matches!(self.top(x, y), Some((_, s)) if s >= size) {
                            continue;
                        }
                        let mut next = self.clone();
                        next.board[fy][fx].pop();
                        next.board[y][x].push((me, size));
                        next.finish(me);
                        out.push((format!("{}-{}", name(fx, fy), name(x, y)), next));
                    }
                }
            }
        }
        out
    }

    fn finish(&mut self, mover: Player) {
        let opp = mover.opponent();
        self.winner = if self.has_line(opp) {
            Some(opp)
        } else if self.has_line(mover) {
            Some(mover)
        } else {
            None
        };
        self.to_move = opp;
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let succ = self.successors();
        if depth == 1 {
            return succ.len() as u64;
        }
        succ.iter().map(|(_, g)| g.perft(depth - 1)).sum()
    }
}
