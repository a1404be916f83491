//! The strategy guide: the ideas strong players use, each with a diagram drawn by the game's own board.
//!
//! The topics are plain data checked by the tests below (a square called legal is legal, discs called stable are
//! stable), so the guide cannot drift from the rules.

use crate::board::board_input::BoardInput;
use crate::board::board_view::BoardView;
use game::notation::read_board;
use game::{parse_square, squares_of, Color, Position};
use leptos::prelude::*;

/// How a diagram marks a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Good,
    Risky,
    Bad,
}

impl Mark {
    fn class(self) -> &'static str {
        match self {
            Mark::Good => "good",
            Mark::Risky => "risky",
            Mark::Bad => "bad",
        }
    }
}

pub struct Topic {
    pub slug: &'static str,
    pub title: &'static str,
    pub paragraphs: &'static [&'static str],
    /// The diagram's position as a board string (a1 … h8, then the side to move).
    pub board: &'static str,
    pub marks: &'static [(&'static str, Mark)],
    /// Also mark this side's frontier discs as risky.
    pub frontier_of: Option<Color>,
    /// Show the legal moves of the side to move.
    pub show_moves: bool,
    pub caption: fn(&Position) -> String,
}

impl Topic {
    pub fn position(&self) -> Position {
        read_board(self.board).expect("the guide's board strings are valid")
    }

    pub fn marked(&self) -> Vec<(usize, Mark)> {
        let position = self.position();
        let n = position.size().n();
        let named = self.marks.iter().map(|&(name, mark)| (parse_square(name, n).expect("a square name"), mark));
        let frontier = self.frontier_of.map(|side| frontier(&position, side)).unwrap_or(0);
        named.chain(squares_of(frontier).map(|square| (square, Mark::Risky))).collect()
    }
}

/// Discs of `side` next to at least one empty square.
pub fn frontier(position: &Position, side: Color) -> u128 {
    let n = position.size().n() as i32;
    squares_of(position.discs(side))
        .filter(|&square| {
            let (x, y) = ((square as i32) % n, (square as i32) / n);
            (-1..=1).flat_map(|dy| (-1..=1).map(move |dx| (x + dx, y + dy))).any(|(cx, cy)| {
                (0..n).contains(&cx) && (0..n).contains(&cy) && position.cell(cx as usize, cy as usize).is_none()
            })
        })
        .fold(0, |set, square| set | 1 << square)
}

fn count_moves(position: &Position, side: Color) -> u32 {
    let turned = Position::from_discs(position.size(), position.black(), position.white(), side);
    turned.legal_moves().count_ones()
}

pub const TOPICS: [Topic; 7] = [
    Topic {
        slug: "corners",
        title: "Corners and stable discs",
        paragraphs: &[
            "A disc in a corner can never be flipped: no line runs past it. Discs that lean on a corner along the \
             edges, and then row after row, become just as safe. These stable discs are the only ones you can count \
             on keeping, so the player with more of them usually wins.",
            "Counting discs in the middle of the game tells you little. Ask instead which corners each side can \
             reach and which discs are stable.",
        ],
        board: "XXXX---- XXX----- XX-O---- X-OOO--- --XOX--- ---X---- -------- -------- O",
        marks: &[
            ("a1", Mark::Good),
            ("b1", Mark::Good),
            ("c1", Mark::Good),
            ("d1", Mark::Good),
            ("a2", Mark::Good),
            ("b2", Mark::Good),
            ("c2", Mark::Good),
            ("a3", Mark::Good),
            ("b3", Mark::Good),
            ("a4", Mark::Good),
        ],
        frontier_of: None,
        show_moves: false,
        caption: |_| "The ten marked black discs are stable: whatever White does, they stay black.".into(),
    },
    Topic {
        slug: "x-and-c-squares",
        title: "X-squares and C-squares",
        paragraphs: &[
            "The square diagonally next to a corner (b2, g2, b7, g7) is an X-square. A disc there while the corner \
             is empty often hands the corner to the opponent along the diagonal.",
            "The squares beside a corner on the edges (b1, a2, g1, h2, a7, b8, h7, g8) are C-squares. They are less \
             dangerous than X-squares, but an early C-square move can let the opponent take the corner later along \
             the edge. Play these squares only when you know the corner cannot be taken, or when you gain more \
             elsewhere.",
        ],
        board: "-------- -O------ --XO---- ---XO--- ---OX--- -------- -------- -------- X",
        marks: &[
            ("a1", Mark::Good),
            ("b2", Mark::Bad),
            ("g2", Mark::Bad),
            ("b7", Mark::Bad),
            ("g7", Mark::Bad),
            ("b1", Mark::Risky),
            ("a2", Mark::Risky),
            ("g1", Mark::Risky),
            ("h2", Mark::Risky),
            ("a7", Mark::Risky),
            ("b8", Mark::Risky),
            ("h7", Mark::Risky),
            ("g8", Mark::Risky),
        ],
        frontier_of: None,
        show_moves: false,
        caption: |_| {
            "White has played the X-square b2 (red). Black now takes the corner a1 through b2 to c3. C-squares in \
             orange."
                .into()
        },
    },
    Topic {
        slug: "mobility",
        title: "Mobility",
        paragraphs: &[
            "Mobility is the number of moves you can choose from. The player with more choices can wait for good \
             moves, while the player with few may be forced into giving up a corner, or into passing.",
            "Win mobility by keeping your discs few and in the middle, and by making moves that flip few discs and \
             give your opponent no new moves. Grabbing many discs early usually hands your opponent the choices.",
        ],
        board: "-------- -------- --OOO--- --OXOO-- --OXXO-- --OOO--- -------- -------- X",
        marks: &[],
        frontier_of: None,
        show_moves: true,
        caption: |position| {
            format!(
                "Black has only three discs, yet {} moves (marked); White, with many more discs, would have {}.",
                count_moves(position, Color::Black),
                count_moves(position, Color::White)
            )
        },
    },
    Topic {
        slug: "frontier",
        title: "Frontier discs",
        paragraphs: &[
            "A frontier disc touches an empty square. Every frontier disc of yours is a door for your opponent: \
             something to flip from the empty side. Prefer quiet moves that flip interior discs and add few new \
             frontier discs; leave the long walls to your opponent.",
        ],
        board: "-------- -------- --OOO--- --OXOO-- --OXXO-- --OOO--- -------- -------- X",
        marks: &[],
        frontier_of: Some(Color::White),
        show_moves: false,
        caption: |position| {
            format!(
                "The same position: all {} of White's discs are frontier discs (orange), a wall Black can attack \
                 from every side.",
                frontier(position, Color::White).count_ones()
            )
        },
    },
    Topic {
        slug: "wedges",
        title: "Wedges",
        paragraphs: &[
            "When the opponent's discs on an edge leave a single empty square between them, you may be able to \
             play into that hole. Your disc sits between two of theirs on the edge, so it cannot be flipped along \
             the edge, and it splits their edge in two. Such a wedge often leads to a corner.",
            "Avoid leaving holes of one square in your own edges.",
        ],
        board: "-OOO-OO- --OOOO-- --XXXO-- --XXO--- ---XO--- -------- -------- -------- X",
        marks: &[("e1", Mark::Good)],
        frontier_of: None,
        show_moves: false,
        caption: |_| {
            "Black wedges in at e1, flipping down the e-file and the diagonal; along the edge White can never flip it \
             back."
                .into()
        },
    },
    Topic {
        slug: "parity",
        title: "Parity",
        paragraphs: &[
            "Near the end the empty squares fall into separate regions. Having the last move in a region is an \
             advantage: your opponent has to open it up, and you close it. With an odd number of empties in total, \
             the side to move can expect the last move of the game.",
            "Play first into regions with an odd number of empty squares, and leave regions with an even number, so \
             that you answer last in each.",
        ],
        board: "-XXXXX-- XOOOOXX- XXOOXOXO XXXOOXOO XOXOXXOO XXOXOXOO OXXXXOOO --XOOOO- X",
        marks: &[("a1", Mark::Good), ("g1", Mark::Good), ("h1", Mark::Good), ("h2", Mark::Good), ("h8", Mark::Good)],
        frontier_of: None,
        show_moves: false,
        caption: |position| {
            format!(
                "{} empty squares in four regions, Black to move: a1, g1–h2 and h8 hold an odd number (marked), \
                 so Black wants to move first there; a8–b8 holds an even number.",
                position.size().squares() as u32 - position.count(Color::Black) - position.count(Color::White)
            )
        },
    },
    Topic {
        slug: "unbalanced-edges",
        title: "Unbalanced edges",
        paragraphs: &[
            "An edge is balanced when its discs leave the same room at both ends, like four discs in the middle \
             (c1–f1) or six (b1–g1). An unbalanced edge, such as five discs pushed towards one corner, gives the \
             opponent a lever: a disc at the short end lets them flip the whole edge from the other corner.",
            "Before taking an edge square, look at the shape the edge will have afterwards.",
        ],
        board: "--XXXXX- ---OOO-- ---XO--- ---XO--- ---OX--- -------- -------- -------- O",
        marks: &[
            ("c1", Mark::Risky),
            ("d1", Mark::Risky),
            ("e1", Mark::Risky),
            ("f1", Mark::Risky),
            ("g1", Mark::Risky),
            ("b1", Mark::Bad),
            ("h1", Mark::Bad),
        ],
        frontier_of: None,
        show_moves: false,
        caption: |_| {
            "Black's five-disc edge c1–g1 is unbalanced: once White has a disc on b1, White's h1 flips all five and \
             takes the corner."
                .into()
        },
    },
];

/// The whole guide.
#[component]
pub fn StrategyGuide() -> impl IntoView {
    TOPICS
        .iter()
        .map(|topic| {
            view! {
                <section class="strategy-topic" aria-labelledby=format!("strategy-{}", topic.slug)>
                    <h3 id=format!("strategy-{}", topic.slug)>{topic.title}</h3>
                    {topic.paragraphs.iter().map(|p| view! { <p>{*p}</p> }).collect_view()}
                    <Diagram topic />
                </section>
            }
        })
        .collect_view()
}

/// A topic's position drawn by the game's board component as a still picture, with its marks and caption.
#[component]
fn Diagram(topic: &'static Topic) -> impl IntoView {
    let position = topic.position();
    let marks = topic.marked().into_iter().map(|(square, mark)| (square, mark.class())).collect();
    view! {
        <figure class="diagram">
            <div class="diagram-board" inert="">
                <BoardView input=BoardInput::picture(position, topic.show_moves, marks) />
            </div>
            <figcaption>{(topic.caption)(&position)}</figcaption>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn topic(slug: &str) -> &'static Topic {
        TOPICS.iter().find(|t| t.slug == slug).unwrap()
    }

    fn square(name: &str) -> usize {
        parse_square(name, 8).unwrap()
    }

    #[test]
    fn every_diagram_is_a_valid_eight_by_eight_position_with_marks_on_the_board() {
        for topic in &TOPICS {
            let position = topic.position();
            assert_eq!(position.size().n(), 8, "{}", topic.slug);
            assert!(position.black() & position.white() == 0);
            assert!(!topic.marked().is_empty() || topic.show_moves, "{} shows something", topic.slug);
            assert!(!(topic.caption)(&position).is_empty());
        }
    }

    /// Stable by the classic sufficient condition, to a fixed point: along each of the four lines through the
    /// disc, one neighbour is off the board or an already-stable disc of the same colour.
    fn stable_discs(position: &Position, side: Color) -> u128 {
        let mine = position.discs(side);
        let inside = |x: i32, y: i32| (0..8).contains(&x) && (0..8).contains(&y);
        let mut stable = 0u128;
        loop {
            let before = stable;
            for sq in squares_of(mine) {
                let (x, y) = (sq as i32 % 8, sq as i32 / 8);
                let safe_side = |dx: i32, dy: i32| {
                    let (nx, ny) = (x + dx, y + dy);
                    !inside(nx, ny) || stable >> (ny * 8 + nx) & 1 == 1
                };
                if [(1, 0), (0, 1), (1, 1), (1, -1)].iter().all(|&(dx, dy)| safe_side(dx, dy) || safe_side(-dx, -dy)) {
                    stable |= 1 << sq;
                }
            }
            if stable == before {
                return stable;
            }
        }
    }

    #[test]
    fn the_discs_called_stable_are_stable() {
        let corners = topic("corners");
        let position = corners.position();
        let stable = stable_discs(&position, Color::Black);
        for (square, mark) in corners.marked() {
            assert_eq!(mark, Mark::Good);
            assert!(stable >> square & 1 == 1, "{}", game::square_name(square, 8));
        }
        assert_eq!(corners.marked().len(), 10, "the caption says ten");
    }

    #[test]
    fn the_x_square_gives_black_the_corner() {
        let position = topic("x-and-c-squares").position();
        assert_eq!(position.to_move(), Color::Black);
        assert!(position.is_legal(square("a1")));
        assert_eq!(position.flips(square("a1")), 1 << square("b2"));
    }

    #[test]
    fn black_has_more_moves_and_white_a_frontier_wall() {
        let position = topic("mobility").position();
        assert_eq!(position.count(Color::Black), 3, "the caption says three discs");
        assert!(count_moves(&position, Color::Black) > 2 * count_moves(&position, Color::White));
        assert_eq!(frontier(&position, Color::White), position.white(), "every white disc is on the frontier");
        assert_eq!(topic("frontier").board, topic("mobility").board, "the caption says the same position");
    }

    #[test]
    fn the_wedge_is_legal_and_flips_nothing_along_the_edge() {
        let position = topic("wedges").position();
        let flips = position.flips(square("e1"));
        assert!(position.is_legal(square("e1")));
        assert!(flips >> square("e2") & 1 == 1 && flips >> square("d2") & 1 == 1, "down the file and the diagonal");
        assert_eq!(flips & 0xff, 0, "nothing on the first row");
    }

    #[test]
    fn the_parity_regions_are_as_described() {
        let position = topic("parity").position();
        let empties = position.board().geometry.full() & !(position.black() | position.white());
        let named: u128 =
            ["a1", "g1", "h1", "h2", "h8", "a8", "b8"].iter().fold(0, |set, name| set | 1 << square(name));
        assert_eq!(empties, named);
        assert_eq!(position.to_move(), Color::Black);
    }

    #[test]
    fn the_unbalanced_edge_falls_to_h1_after_b1() {
        let position = topic("unbalanced-edges").position();
        let with_b1 =
            Position::from_discs(position.size(), position.black(), position.white() | 1 << square("b1"), Color::White);
        let edge: u128 = ["c1", "d1", "e1", "f1", "g1"].iter().fold(0, |set, name| set | 1 << square(name));
        assert_eq!(with_b1.flips(square("h1")) & edge, edge);
        assert_eq!(position.flips(square("h1")) & edge, 0, "without b1 the edge holds");
    }
}
