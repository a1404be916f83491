//! A review of a whole game: every position where the mover had a choice is analysed at one depth, each move
//! gets its loss in discs against the best move, the moves are classed, and each player gets a summary. The
//! values after each move also draw the evaluation graph. Runs in node-budgeted slices like hints do.

use super::move_values::{Depths, MoveValue, MoveValues, Verdict};
use engine::Ai;
use game::{Color, Game, Move, Position};

/// How deep a review looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ReviewDepth {
    /// A 60-move game in seconds: midgame 6 plies, exact in the last 14 empties.
    #[default]
    Quick,
    /// Several times longer: midgame 10 plies, exact in the last 18 empties.
    Deep,
}

impl ReviewDepth {
    pub fn depths(self) -> Depths {
        match self {
            ReviewDepth::Quick => Depths { midgame: 6, wld_empties: 0, exact_empties: 14, book: false },
            ReviewDepth::Deep => Depths { midgame: 10, wld_empties: 0, exact_empties: 18, book: false },
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ReviewDepth::Quick => "Quick",
            ReviewDepth::Deep => "Deep",
        }
    }
}

/// How bad a move was, by its loss in discs against the best move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Class {
    Good,
    /// Loses 2 to 5 discs.
    Inaccuracy,
    /// Loses 6 to 11 discs.
    Mistake,
    /// Loses 12 discs or more.
    Blunder,
}

impl Class {
    /// The smallest loss of each class, stated in Help.
    pub const INACCURACY: i32 = 2;
    pub const MISTAKE: i32 = 6;
    pub const BLUNDER: i32 = 12;

    pub fn of_loss(loss: i32) -> Class {
        match loss {
            l if l >= Class::BLUNDER => Class::Blunder,
            l if l >= Class::MISTAKE => Class::Mistake,
            l if l >= Class::INACCURACY => Class::Inaccuracy,
            _ => Class::Good,
        }
    }

    /// The mark after a move in the move list ("" for a good move), as chess and Othello annotators write them.
    pub fn symbol(self) -> &'static str {
        match self {
            Class::Good => "",
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }
}

/// One reviewed move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlyReview {
    /// The move's index in the game's history (the position before it is `position_at(ply)`).
    pub ply: usize,
    pub mover: Color,
    pub played: MoveValue,
    /// The best move at the review's depth (the played one when it was best) and its line.
    pub best: MoveValue,
    /// Discs lost against the best move (0 when the played move was as good; with win/loss/draw verdicts, 1 for
    /// each step from win to draw to loss).
    pub loss: i32,
    pub class: Class,
}

impl PlyReview {
    /// The value after this move, in discs from Black's view (the evaluation graph).
    pub fn black_value(&self) -> i32 {
        match self.mover {
            Color::Black => self.played.score,
            Color::White => -self.played.score,
        }
    }

    pub fn exact(&self) -> bool {
        self.played.verdict == Verdict::Exact
    }
}

/// A player's moves at a glance.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayerSummary {
    /// Moves reviewed (those with more than one legal choice count; forced ones too, at no loss).
    pub moves: usize,
    pub total_loss: i32,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
}

impl PlayerSummary {
    pub fn average_loss(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            f64::from(self.total_loss) / self.moves as f64
        }
    }
}

/// The review of a game, advanced by [`GameReview::step`].
pub struct GameReview {
    /// The game's positions before each of its moves, with the move played (passes left out).
    plies: Vec<(usize, Position, usize)>,
    depths: Depths,
    /// The analysis of `plies[reviews.len()]`.
    current: Option<MoveValues>,
    reviews: Vec<PlyReview>,
    /// The final score from Black's view, if the game ended on the board.
    final_black_value: Option<i32>,
}

impl GameReview {
    /// A review of every move of `game` (the redo tail included) at `depth`.
    pub fn new(game: &Game, depth: ReviewDepth) -> GameReview {
        let history = game.history();
        let plies: Vec<(usize, Position, usize)> = history
            .moves()
            .iter()
            .enumerate()
            .filter_map(|(ply, mv)| match mv {
                Move::Play(square) => Some((ply, *history.position_at(ply).expect("a position per move"), *square)),
                Move::Pass => None,
            })
            .collect();
        let last = history.position_at(history.moves().len()).expect("the position after the last move");
        let final_black_value =
            last.is_game_over().then(|| last.count(Color::Black) as i32 - last.count(Color::White) as i32);
        GameReview { plies, depths: depth.depths(), current: None, reviews: Vec::new(), final_black_value }
    }

    /// Analyse for about `node_budget` nodes; whether the review is complete.
    pub fn step(&mut self, ai: &mut Ai, node_budget: u64) -> bool {
        let mut left = node_budget;
        while let Some(&(ply, position, square)) = self.plies.get(self.reviews.len()) {
            if left == 0 {
                return false;
            }
            let depths = self.depths;
            let values = self.current.get_or_insert_with(|| MoveValues::new(position.board(), depths));
            let before = values.nodes();
            let done = values.step(ai, left);
            left = left.saturating_sub(values.nodes() - before);
            if !done {
                return false;
            }
            let values = self.current.take().expect("just analysed");
            self.reviews.push(review_of(ply, position.to_move(), square, &values));
        }
        true
    }

    /// Review to the end in one go.
    pub fn run(&mut self, ai: &mut Ai) {
        while !self.step(ai, u64::MAX) {}
    }

    pub fn is_done(&self) -> bool {
        self.reviews.len() == self.plies.len()
    }

    /// Moves reviewed and moves to review.
    pub fn progress(&self) -> (usize, usize) {
        (self.reviews.len(), self.plies.len())
    }

    /// The reviewed moves so far, in game order.
    pub fn reviews(&self) -> &[PlyReview] {
        &self.reviews
    }

    /// The review of the move at `ply` of the game's history, once reviewed.
    pub fn review_of_ply(&self, ply: usize) -> Option<&PlyReview> {
        self.reviews.iter().find(|r| r.ply == ply)
    }

    pub fn summary(&self, player: Color) -> PlayerSummary {
        let mut summary = PlayerSummary::default();
        for review in self.reviews.iter().filter(|r| r.mover == player) {
            summary.moves += 1;
            summary.total_loss += review.loss;
            match review.class {
                Class::Good => {}
                Class::Inaccuracy => summary.inaccuracies += 1,
                Class::Mistake => summary.mistakes += 1,
                Class::Blunder => summary.blunders += 1,
            }
        }
        summary
    }

    /// The evaluation after each reviewed move, `(ply + 1, value from Black's view, exact)`, then the final score
    /// once the whole game is reviewed (the graph's points).
    pub fn graph(&self) -> Vec<(usize, i32, bool)> {
        let mut points: Vec<_> = self.reviews.iter().map(|r| (r.ply + 1, r.black_value(), r.exact())).collect();
        if let (true, Some(value), Some(last)) = (self.is_done(), self.final_black_value, self.reviews.last()) {
            if points.last().is_some_and(|&(_, v, _)| v != value) || points.len() < self.plies.len() + 1 {
                points.push((last.ply + 2, value, true));
            }
        }
        points
    }
}

/// The review of one move from the analysis of the position before it.
fn review_of(ply: usize, mover: Color, square: usize, values: &MoveValues) -> PlyReview {
    let played = values.value(square).expect("the played move was legal").clone();
    let best = values.best().expect("a position with a move has a best one").clone();
    let loss = (best.rank().min(64) - played.rank().min(64)).max(0);
    let loss = if played.verdict == Verdict::WinLossDraw { loss / 100 } else { loss };
    let best = if loss == 0 { played.clone() } else { best };
    PlyReview { ply, mover, played, best, loss, class: Class::of_loss(loss) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::rng::Rng;
    use engine::Searcher;
    use game::{squares_of, Variant};

    #[test]
    fn classes_follow_the_thresholds() {
        let classes: Vec<Class> = [0, 1, 2, 5, 6, 11, 12, 40].into_iter().map(Class::of_loss).collect();
        use Class::*;
        assert_eq!(classes, [Good, Good, Inaccuracy, Inaccuracy, Mistake, Mistake, Blunder, Blunder]);
    }

    /// Each move's exact score for the mover, by the plain solver.
    fn solved(position: &Position) -> Vec<(usize, i32)> {
        let mut searcher = Searcher::new(4);
        squares_of(position.legal_moves())
            .map(|sq| (sq, -searcher.solve(&position.board().play(sq).as_board().unwrap()).score))
            .collect()
    }

    /// A game of random moves until `plant` empties remain, then the mover's exactly worst move (losing at least
    /// 12 discs against the best, found by the solver), then the first legal move to the end.
    fn game_with_planted_blunder(seed: u64, plant: u32) -> Option<(Game, usize, i32)> {
        let mut game = Game::new(Variant::default());
        let mut rng = Rng::new(seed);
        while game.position().board().empty_count() > plant {
            let moves: Vec<usize> = squares_of(game.legal_moves()).collect();
            game.play(*moves.get(rng.next_u64() as usize % moves.len().max(1))?).ok()?;
        }
        let scores = solved(game.position());
        let best = scores.iter().map(|&(_, s)| s).max()?;
        let &(worst, score) = scores.iter().min_by_key(|&&(_, s)| s)?;
        let ply = game.history().moves().len();
        game.play(worst).ok()?;
        while let Some(sq) = squares_of(game.legal_moves()).next() {
            game.play(sq).ok()?;
        }
        (best - score >= Class::BLUNDER).then_some((game, ply, best - score))
    }

    #[test]
    fn a_planted_blunder_is_found_with_the_better_move() {
        let (game, ply, loss) = (0..20).find_map(|seed| game_with_planted_blunder(seed, 13)).expect("a blunder");
        let mut review = GameReview::new(&game, ReviewDepth::Quick);
        let mut ai = Ai::new(4);
        let mut slices = 0;
        while !review.step(&mut ai, 20_000) {
            slices += 1;
        }
        assert!(slices > 1, "the review took several slices");
        let planted = review.review_of_ply(ply).expect("the blunder was reviewed");
        assert_eq!((planted.loss, planted.class), (loss, Class::Blunder));
        let before = game.history().position_at(ply).unwrap();
        let best_score = solved(before).iter().map(|&(_, s)| s).max().unwrap();
        assert_eq!(planted.best.score, best_score, "the better move is a best one");
        assert_eq!((planted.best.verdict, planted.best.line[0]), (Verdict::Exact, planted.best.square));
        // Every move's loss is the distance to its position's best at the review's depth.
        for r in review.reviews() {
            assert!(r.loss >= 0 && r.class == Class::of_loss(r.loss), "ply {}", r.ply);
        }
        let summary = review.summary(planted.mover);
        assert!(summary.blunders >= 1 && summary.total_loss >= loss);
        assert!(summary.average_loss() > 0.0);
    }

    #[test]
    fn the_graph_follows_the_game_to_its_final_score() {
        let (game, _, _) = (0..20).find_map(|seed| game_with_planted_blunder(seed, 12)).expect("a game");
        let mut review = GameReview::new(&game, ReviewDepth::Quick);
        review.run(&mut Ai::new(4));
        let points = review.graph();
        assert!(points.windows(2).all(|w| w[0].0 < w[1].0), "points in move order");
        let end = game.history().position_at(game.history().moves().len()).unwrap();
        let final_score = end.count(Color::Black) as i32 - end.count(Color::White) as i32;
        assert_eq!(points.last().map(|&(_, v, exact)| (v, exact)), Some((final_score, true)));
        assert_eq!(review.summary(Color::Black).moves + review.summary(Color::White).moves, review.reviews().len());
    }
}
