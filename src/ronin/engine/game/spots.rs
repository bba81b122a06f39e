//! Where deployment looks for room: the quarter-inch grid points of a zone where a base stands
//! wholly inside it, nearest an anchor first (then by x, then by y).
//!
//! A zone fixed by the table's size (an edge, a corner, the whole table, most circles) gives
//! the same list every game, so each thread keeps the sorted lists it has made and deployment
//! reads them without building or sorting anything. A zone that moves with the table (around the
//! Defence's objective, whose size varies) is built each time and sorted a batch at a time as the
//! search reaches it.

use std::cell::RefCell;
use std::rc::Rc;

use crate::ronin::engine::table::setup::Zone;
use crate::ronin::engine::table::{Circle, Point};

/// A spot's order: its squared distance to the anchor, then x, then y. Every key is a
/// non-negative float, whose bits order as the numbers do: one integer sort, no comparator calls
/// (a whole-table zone has some 20,000 spots).
type Key = (u64, u64, u64);

/// The candidate spots of one zone, in order.
pub enum Spots {
    /// Made once for this zone, table, base and anchor, and shared.
    Kept(Rc<[Point]>),
    /// Made for this deployment: sorted up to `sorted`.
    Built {
        spots: Vec<(Key, Point)>,
        sorted: usize,
    },
}

/// An Around zone at most this deep (inches) is kept: a Duel's friends, a Tournament's spot, the
/// Assassination's defenders. The Defence's is deeper by half its objective piece.
const KEPT_AROUND: f64 = 12.0;

/// Lists kept per thread, at most this many (oldest dropped first).
const KEPT: usize = 16;

/// What identifies a kept list: the zone, the table's size, the base's radius and the anchor, as
/// bits.
type ListId = [u64; 8];

thread_local! {
    static LISTS: RefCell<Vec<(ListId, Rc<[Point]>)>> = const { RefCell::new(Vec::new()) };
}

impl Spots {
    /// The spots of `zone` on a table of side `size` for a base of radius `r`, nearest `anchor`
    /// first.
    pub fn new(zone: Zone, size: f64, r: f64, anchor: Point) -> Spots {
        let fixed = match zone {
            Zone::Edge { edge, depth } => Some([0, u64::from(edge), depth.to_bits(), 0]),
            Zone::Corner { x, y, depth } => Some([1, x.to_bits(), y.to_bits(), depth.to_bits()]),
            Zone::AnyEdge { depth } => Some([2, depth.to_bits(), 0, 0]),
            Zone::Table => Some([3, 0, 0, 0]),
            // The Duel's, the Tournament's and the Assassination's circles stand where the
            // table's size puts them; the Defence's grows with its objective piece.
            Zone::Around { x, y, depth } if depth <= KEPT_AROUND => {
                Some([4, x.to_bits(), y.to_bits(), depth.to_bits()])
            }
            Zone::Around { .. } | Zone::Beyond { .. } => None,
        };
        let Some([a, b, c, d]) = fixed else {
            return Spots::Built {
                spots: keyed(zone, size, r, anchor),
                sorted: 0,
            };
        };
        let id = [
            a,
            b,
            c,
            d,
            size.to_bits(),
            r.to_bits(),
            anchor.x.to_bits(),
            anchor.y.to_bits(),
        ];
        let list = LISTS.with_borrow_mut(|lists| {
            if let Some((_, list)) = lists.iter().find(|(k, _)| *k == id) {
                return Rc::clone(list);
            }
            let mut spots = keyed(zone, size, r, anchor);
            spots.sort_unstable_by_key(|s| s.0);
            let list: Rc<[Point]> = spots.into_iter().map(|s| s.1).collect();
            if lists.len() == KEPT {
                lists.remove(0);
            }
            lists.push((id, Rc::clone(&list)));
            list
        });
        Spots::Kept(list)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    pub fn len(&self) -> usize {
        match self {
            Spots::Kept(list) => list.len(),
            Spots::Built { spots, .. } => spots.len(),
        }
    }

    /// The `i`th spot in order, if there are that many.
    pub fn get(&mut self, i: usize) -> Option<Point> {
        match self {
            Spots::Kept(list) => list.get(i).copied(),
            Spots::Built { spots, sorted } => {
                // A batch at a time, nearest first: the same order as sorting them all (every
                // key is distinct).
                while i >= *sorted && *sorted < spots.len() {
                    let end = (*sorted + 256).min(spots.len());
                    if end < spots.len() {
                        spots[*sorted..].select_nth_unstable_by_key(end - *sorted - 1, |s| s.0);
                    }
                    spots[*sorted..end].sort_unstable_by_key(|s| s.0);
                    *sorted = end;
                }
                spots.get(i).map(|s| s.1)
            }
        }
    }
}

/// Every grid spot of the zone, with its key, unsorted.
fn keyed(zone: Zone, size: f64, r: f64, anchor: Point) -> Vec<(Key, Point)> {
    // The zone's bounding box on the grid (Defend the Village's any-edge zone: the table).
    // Only where a base's centre can be for the zone to hold it (the same tolerance as
    // `Zone::holds`): no spot is tested that could not pass.
    let (lo, hi) = (r - 1e-9, size - r + 1e-9);
    let [x0, y0, x1, y1] = match zone {
        Zone::Edge { edge, depth } => {
            let inner = depth - r + 1e-9;
            match edge % 4 {
                0 => [lo, lo, hi, inner],
                1 => [size - inner, lo, hi, hi],
                2 => [lo, size - inner, hi, hi],
                _ => [lo, lo, inner, hi],
            }
        }
        Zone::Corner { x, y, depth } | Zone::Around { x, y, depth } => {
            let reach = (depth - r + 1e-9).max(0.0);
            [
                (x - reach).max(lo),
                (y - reach).max(lo),
                (x + reach).min(hi),
                (y + reach).min(hi),
            ]
        }
        Zone::AnyEdge { .. } | Zone::Beyond { .. } | Zone::Table => [lo, lo, hi, hi],
    };
    let grid = |lo: f64, hi: f64| {
        ((lo * 4.0).floor() as i64..=(hi * 4.0).ceil() as i64).map(|k| k as f64 / 4.0)
    };
    // Each spot carries its key.
    let key = |p: Point| {
        (
            p.distance_squared(anchor).to_bits(),
            p.x.max(0.0).to_bits(),
            p.y.max(0.0).to_bits(),
        )
    };
    grid(x0, x1)
        .flat_map(|x| grid(y0, y1).map(move |y| Point::new(x, y)))
        .filter(|p| zone.holds(size, &Circle::new(*p, r)))
        .map(|p| (key(p), p))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(mut spots: Spots) -> Vec<Point> {
        (0..).map_while(|i| spots.get(i)).collect()
    }

    #[test]
    fn a_kept_list_is_the_order_sorting_every_spot_gives_and_is_made_once() {
        let anchor = Point::new(18.0, 0.0);
        for zone in [
            Zone::Edge {
                edge: 0,
                depth: 6.0,
            },
            Zone::Table,
            Zone::Around {
                x: 18.0,
                y: 18.0,
                depth: 12.0,
            },
        ] {
            let lazy = all(Spots::Built {
                spots: keyed(zone, 36.0, 0.5, anchor),
                sorted: 0,
            });
            let mut sorted = keyed(zone, 36.0, 0.5, anchor);
            sorted.sort_by_key(|s| s.0);
            let sorted: Vec<Point> = sorted.into_iter().map(|s| s.1).collect();
            assert!(sorted.len() > 256, "{zone:?}: more than one batch");
            assert_eq!(lazy, sorted, "{zone:?}: batches in the order of one sort");
            let (Spots::Kept(first), Spots::Kept(again)) = (
                Spots::new(zone, 36.0, 0.5, anchor),
                Spots::new(zone, 36.0, 0.5, anchor),
            ) else {
                panic!("{zone:?} is kept");
            };
            assert!(Rc::ptr_eq(&first, &again), "{zone:?}: made once");
            assert_eq!(first.to_vec(), sorted);
        }
        // The Defence's deeper circle is built each time.
        let defence = Zone::Around {
            x: 18.0,
            y: 18.0,
            depth: 13.2,
        };
        assert!(matches!(
            Spots::new(defence, 36.0, 0.5, anchor),
            Spots::Built { .. }
        ));
    }
}
