//! Combat grouping: from the enemy pairs in base contact, which model is the centre of each
//! combat, who fights it, and who stands idle. For each connected group of engaged models every set
//! of centres is tried (up to 16 models; a greedy rule above that); the others are assigned to a
//! centre they touch by a min-cost max-flow with each centre's cap. The best grouping has the
//! fewest idle models, then the most pairs that fought together last turn; among groupings level
//! on both (the Priority player's choice, R-80) the default takes the first set of centres in the
//! search's order: sets read as binary numbers, bit i for the i-th smallest id of the group,
//! smallest first (P-21). The search stops as soon as nothing can beat what it holds.

use smallvec::SmallVec;

/// A few model ids, on the stack: a combat's others (a centre takes four at most, R-80) and the
/// like.
pub type Ids = SmallVec<[usize; 4]>;

/// Per model of the game, its enemies in contact (on the stack for up to eight models: a
/// Tournament's match, a small fight).
type Adjacency = SmallVec<[Ids; 8]>;

/// One combat: a centre model and the enemies in contact with it that fight it.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct Combat {
    pub centre: usize,
    /// Sorted.
    pub others: Ids,
}

/// The grouping of one Combat Phase.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Grouping {
    /// Sorted by centre.
    pub combats: SmallVec<[Combat; 2]>,
    /// Engaged models in no combat: they draw no counters and can only be shot (sorted).
    pub idle: Ids,
}

/// What grouping needs to know of the models.
pub struct Engagements<'a> {
    /// Number of models; ids are 0..n.
    pub n: usize,
    /// Enemy pairs in base contact.
    pub contacts: &'a [(usize, usize)],
    /// How many enemies may fight each model as a centre: 4, or 1 in a doorway.
    pub cap: &'a dyn Fn(usize) -> usize,
    /// Whether the two fought in the same combat in the previous Combat Phase.
    pub fought_before: &'a dyn Fn(usize, usize) -> bool,
    /// Models of which at most one may fight any one centre (the Kamakura restraint, R-90): a
    /// centre's enemies are all of one side, so one limit per centre holds it.
    pub restrained: &'a dyn Fn(usize) -> bool,
}

/// Components up to this size are searched exhaustively.
const EXHAUSTIVE: usize = 16;

/// One connected group of engaged models as it stood in a Combat Phase, and its grouping: kept so
/// that the next phase can take the grouping as it is when nothing the search reads has changed.
/// (A brawl that goes on unchanged is searched twice: the second phase has the first's pairs as
/// the ones that fought, and from the third phase on it is the same search again.)
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Component {
    /// The models, sorted.
    models: Members,
    /// The enemy pairs in contact within it, each (smaller, larger), sorted, and whether the two
    /// fought together last phase.
    pairs: SmallVec<[(usize, usize, bool); 4]>,
    /// Each model's cap and whether it is restrained, in `models` order.
    caps: SmallVec<[(usize, bool); 4]>,
    grouping: Grouping,
}

/// The models of one connected group (on the stack for a usual brawl).
type Members = SmallVec<[usize; 4]>;

impl Component {
    fn of(models: Members, adjacent: &[Ids], e: &Engagements<'_>) -> Component {
        let mut pairs = SmallVec::new();
        for &m in &models {
            pairs.extend(
                adjacent[m]
                    .iter()
                    .filter(|&&n| n > m)
                    .map(|&n| (m, n, (e.fought_before)(m, n))),
            );
        }
        pairs.sort_unstable();
        Component {
            caps: caps(&models, e),
            models,
            pairs,
            grouping: Grouping::default(),
        }
    }

    /// Everything the search reads is the same: so is its result.
    fn same_search(&self, now: &Component) -> bool {
        self.models == now.models && self.pairs == now.pairs && self.caps == now.caps
    }
}

pub fn group(e: &Engagements<'_>) -> Grouping {
    group_again(e, &[]).0
}

/// [`group`], taking last Combat Phase's grouping of any group of models whose search would be the
/// same (see [`Component`]) rather than searching again; also returns this phase's groups for the
/// next.
pub fn group_again(e: &Engagements<'_>, last: &[Component]) -> (Grouping, Vec<Component>) {
    // Nobody touching: nothing to search (and nothing allocated).
    if e.contacts.is_empty() {
        return (Grouping::default(), Vec::new());
    }
    // One pair in contact (a Tournament's match, a lone fight elsewhere): one against one, the
    // centre the smaller id, whatever last phase held; nothing to build or search.
    if let [(a, b)] = *e.contacts
        && a < e.n
        && b < e.n
        && a != b
    {
        let (a, b) = (a.min(b), a.max(b));
        let grouping = one_against_one(a, b);
        let component = Component {
            caps: caps(&[a, b], e),
            models: smallvec::smallvec![a, b],
            pairs: smallvec::smallvec![(a, b, (e.fought_before)(a, b))],
            grouping: grouping.clone(),
        };
        return (grouping, vec![component]);
    }
    let mut adjacent: Adjacency = smallvec::smallvec![Ids::new(); e.n];
    for &(a, b) in e.contacts {
        if a < e.n && b < e.n && a != b && !adjacent[a].contains(&b) {
            adjacent[a].push(b);
            adjacent[b].push(a);
        }
    }
    for list in &mut adjacent {
        list.sort_unstable();
    }
    let mut seen: SmallVec<[bool; 32]> = smallvec::smallvec![false; e.n];
    let mut out = Grouping::default();
    let mut components = Vec::new();
    for start in 0..e.n {
        if seen[start] || adjacent[start].is_empty() {
            continue;
        }
        let mut component: Members = smallvec::smallvec![start];
        seen[start] = true;
        let mut k = 0;
        while k < component.len() {
            for &m in &adjacent[component[k]] {
                if !seen[m] {
                    seen[m] = true;
                    component.push(m);
                }
            }
            k += 1;
        }
        component.sort_unstable();
        let mut now = Component::of(component, &adjacent, e);
        let component = &now.models;
        let kept = last.iter().find(|c| c.same_search(&now));
        let best = if let Some(kept) = kept {
            kept.grouping.clone()
        } else if component.len() == 2 {
            one_against_one(component[0], component[1])
        } else if let Some(star) = star(component, &adjacent, e) {
            star
        } else if component.len() <= EXHAUSTIVE {
            exhaustive(component, &adjacent, e, true)
        } else {
            greedy(component, &adjacent, e)
        };
        out.combats.extend(best.combats.iter().cloned());
        out.idle.extend(best.idle.iter().copied());
        now.grouping = best;
        components.push(now);
    }
    out.combats.sort();
    out.idle.sort_unstable();
    (out, components)
}

/// Two models alone in contact: one against one, the centre the smaller id `a`.
fn one_against_one(a: usize, b: usize) -> Grouping {
    Grouping {
        combats: smallvec::smallvec![Combat {
            centre: a,
            others: smallvec::smallvec![b],
        }],
        idle: Ids::new(),
    }
}

/// Each model's cap and whether it is restrained, in the order given.
fn caps(models: &[usize], e: &Engagements<'_>) -> SmallVec<[(usize, bool); 4]> {
    models
        .iter()
        .map(|&m| ((e.cap)(m), (e.restrained)(m)))
        .collect()
}

/// One model touching every other of the component, none of which touch each other, and room
/// for them all: the only grouping that leaves nobody idle is that model against all the rest
/// (any other centre could only take the hub, leaving the rest idle). `None` for other shapes.
fn star(component: &[usize], adjacent: &[Ids], e: &Engagements<'_>) -> Option<Grouping> {
    let leaves = component.len() - 1;
    let &hub = component.iter().find(|&&m| adjacent[m].len() == leaves)?;
    let is_star = component
        .iter()
        .all(|&m| m == hub || adjacent[m].len() == 1);
    let restrained = component
        .iter()
        .filter(|&&m| m != hub && (e.restrained)(m))
        .count();
    (is_star && (e.cap)(hub) >= leaves && restrained <= 1).then(|| Grouping {
        combats: smallvec::smallvec![Combat {
            centre: hub,
            others: component.iter().copied().filter(|&m| m != hub).collect(),
        }],
        idle: Ids::new(),
    })
}

/// The score of a grouping: fewer idle, then more repeated pairs. A tie keeps the one found
/// first (the smaller set of centres).
fn better(a: &(Grouping, usize), b: &(Grouping, usize)) -> bool {
    (a.0.idle.len(), std::cmp::Reverse(a.1)) < (b.0.idle.len(), std::cmp::Reverse(b.1))
}

/// Try every set of centres, smallest first. With `prune`, sets that provably cannot beat the
/// best so far are skipped before the flow runs, and the search ends once the best leaves nobody
/// idle and keeps every pair that fought last turn (the tests check the result is the same
/// without).
fn exhaustive(component: &[usize], adjacent: &[Ids], e: &Engagements<'_>, prune: bool) -> Grouping {
    let k = component.len();
    // Neighbours within the component as bit sets, for quick bounds before any flow is run.
    let bits: Vec<u32> = component
        .iter()
        .map(|&m| {
            adjacent[m]
                .iter()
                .filter_map(|n| component.binary_search(n).ok())
                .fold(0u32, |acc, i| acc | (1 << i))
        })
        .collect();
    // The neighbours each model fought last turn, as bit sets: a bound on repeated pairs.
    let fought: Vec<u32> = component
        .iter()
        .zip(&bits)
        .map(|(&m, &near)| {
            (0..k)
                .filter(|&i| near & (1 << i) != 0 && (e.fought_before)(m, component[i]))
                .fold(0u32, |acc, i| acc | (1 << i))
        })
        .collect();
    let caps: Vec<u32> = component.iter().map(|&m| (e.cap)(m) as u32).collect();
    // No grouping keeps more of last turn's pairs than there are such pairs in contact, nor more
    // than the models that have one (each model fights in one combat).
    let fought_pairs = fought.iter().map(|f| f.count_ones()).sum::<u32>() as usize / 2;
    let repeated_cap = fought_pairs.min(fought.iter().filter(|&&f| f != 0).count());
    let full = if k >= 32 { u32::MAX } else { (1u32 << k) - 1 };
    // Start from the greedy grouping's number of idle models: it bounds the search at once. (Only
    // its idle count is used; the search itself finds the best grouping.)
    let greedy_idle = greedy(component, adjacent, e).idle.len();
    let mut best: Option<(Grouping, usize)> = None;
    // Sets of centres depth first, deciding the highest bit first and "not a centre" before "a
    // centre": the sets come in ascending order, as a plain count would give them. A branch is
    // left when every set in it fails the tests below at once: a decided non-centre whose
    // neighbours are all decided and none a centre is idle in each of them.
    let mut stack = vec![(0usize, 0u32)];
    while let Some((level, mask)) = stack.pop() {
        // Every combat has its centre and at least one other: at most half are centres.
        if 2 * mask.count_ones() > k as u32 {
            continue;
        }
        if level < k {
            let decided = full & !((1u32 << (k - level)) - 1);
            let bound = best.as_ref().map_or(greedy_idle, |b| b.0.idle.len());
            if hopeless(mask, decided, &bits, bound) {
                continue;
            }
            let bit = 1u32 << (k - 1 - level);
            stack.push((level + 1, mask | bit));
            stack.push((level + 1, mask));
            continue;
        }
        if mask == 0 {
            continue;
        }
        let others = full & !mask;
        // A centre must touch at least one model that is not a centre.
        let (mut ok, mut capacity, mut touched) = (true, 0u32, 0u32);
        let mut rest = mask;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let free = bits[i] & others;
            ok &= free != 0;
            capacity += caps[i].min(free.count_ones());
            touched |= free;
        }
        if !ok {
            continue;
        }
        // No grouping with these centres can leave fewer idle than the others that touch no
        // centre, or that the centres have no room for.
        let idle_at_least = others.count_ones() - touched.count_ones().min(capacity);
        let bound = best.as_ref().map_or(greedy_idle, |b| b.0.idle.len());
        if idle_at_least as usize > bound {
            continue;
        }
        // The exact number these centres leave idle (a maximum assignment, found without
        // allocating): the flow below runs only for those that could be best.
        let idle_at_least =
            (others.count_ones() - max_assigned(mask, others, &bits, &caps)) as usize;
        if idle_at_least > bound {
            continue;
        }
        // Level on idle models at best: it must keep more of last turn's pairs (each non-centre
        // is in one pair at most), since a tie keeps the set found first.
        if let Some((b, b_repeated)) = best.as_ref().filter(|_| prune)
            && idle_at_least == b.idle.len()
        {
            let mut repeated_at_most = 0;
            let mut rest = others;
            while rest != 0 {
                let j = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                repeated_at_most += usize::from(fought[j] & mask != 0);
            }
            if repeated_at_most <= *b_repeated {
                continue;
            }
        }
        let centres: Vec<usize> = (0..k)
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| component[i])
            .collect();
        let candidate = assign(component, &centres, adjacent, e);
        if best.as_ref().is_none_or(|b| better(&candidate, b)) {
            best = Some(candidate);
        }
        if prune
            && best
                .as_ref()
                .is_some_and(|b| b.0.idle.is_empty() && b.1 >= repeated_cap)
        {
            break;
        }
    }
    best.map(|b| b.0).unwrap_or_default()
}

/// Whether every set of centres that agrees with `mask` on the `decided` models fails the
/// search's first tests: a centre with no neighbour left to be a non-centre, or more certainly
/// idle non-centres (every neighbour decided, none a centre) than `bound`.
fn hopeless(mask: u32, decided: u32, bits: &[u32], bound: usize) -> bool {
    let open = !decided;
    let mut idle = 0;
    let mut rest = decided;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let settled = bits[i] & open == 0;
        if mask & (1 << i) != 0 {
            if settled && bits[i] & !mask == 0 {
                return true;
            }
        } else if settled && bits[i] & mask == 0 {
            idle += 1;
        }
    }
    idle > bound
}

/// How many of the non-centres in `others` can fight a centre of `mask` they touch, each centre
/// taking at most its cap: a maximum assignment by augmenting paths (components have at most
/// [`EXHAUSTIVE`] models, so fixed arrays do).
fn max_assigned(mask: u32, others: u32, bits: &[u32], caps: &[u32]) -> u32 {
    const NONE: u8 = u8::MAX;
    let k = bits.len();
    // The centre each model (a non-centre) is assigned to, and each centre's load.
    let mut to = [NONE; EXHAUSTIVE];
    let mut load = [0u32; EXHAUSTIVE];

    /// Find room for `j`: a centre it touches with room, or one whose model can move elsewhere.
    fn augment(
        j: usize,
        mask: u32,
        bits: &[u32],
        caps: &[u32],
        to: &mut [u8; EXHAUSTIVE],
        load: &mut [u32; EXHAUSTIVE],
        seen: &mut u32,
    ) -> bool {
        let mut options = bits[j] & mask & !*seen;
        while options != 0 {
            let i = options.trailing_zeros() as usize;
            options &= options - 1;
            *seen |= 1 << i;
            if load[i] < caps[i] {
                load[i] += 1;
                to[j] = i as u8;
                return true;
            }
            // Move one of the models at `i` elsewhere.
            for m in 0..to.len() {
                if to[m] == i as u8 && augment(m, mask, bits, caps, to, load, seen) {
                    // `m` moved on; `j` takes its place, the load unchanged.
                    to[j] = i as u8;
                    return true;
                }
            }
        }
        false
    }

    let mut assigned = 0;
    for j in 0..k {
        if others & (1 << j) == 0 {
            continue;
        }
        let mut seen = 0u32;
        if augment(j, mask, bits, caps, &mut to, &mut load, &mut seen) {
            assigned += 1;
        }
    }
    assigned
}

/// The greedy rule for large groups: repeatedly make a combat around the engaged model with the
/// fewest free neighbours, taking up to its cap of them (those that fought it last turn first).
fn greedy(component: &[usize], adjacent: &[Ids], e: &Engagements<'_>) -> Grouping {
    let mut used = vec![false; e.n];
    let mut out = Grouping::default();
    loop {
        let free = |m: usize, used: &[bool]| adjacent[m].iter().filter(|x| !used[**x]).count();
        let Some(&centre) = component
            .iter()
            .filter(|&&m| !used[m] && free(m, &used) > 0)
            .min_by_key(|&&m| (free(m, &used), m))
        else {
            break;
        };
        let mut others: Ids = adjacent[centre]
            .iter()
            .copied()
            .filter(|x| !used[*x])
            .collect();
        others.sort_by_key(|&x| (!(e.fought_before)(centre, x), x));
        // At most one restrained model per combat: the first in this order.
        let mut restrained = 0;
        others.retain(|x| {
            let x = *x;
            let keep = !(e.restrained)(x) || restrained == 0;
            restrained += usize::from((e.restrained)(x));
            keep
        });
        others.truncate((e.cap)(centre));
        others.sort_unstable();
        used[centre] = true;
        for &o in &others {
            used[o] = true;
        }
        out.combats.push(Combat { centre, others });
    }
    out.idle = component.iter().copied().filter(|m| !used[*m]).collect();
    out
}

/// Assign every non-centre of the component to a centre it touches, at most `cap` per centre, the
/// most models first and then the most repeated pairs (min-cost max-flow, edges in id order).
fn assign(
    component: &[usize],
    centres: &[usize],
    adjacent: &[Ids],
    e: &Engagements<'_>,
) -> (Grouping, usize) {
    let others: Vec<usize> = component
        .iter()
        .copied()
        .filter(|m| !centres.contains(m))
        .collect();
    // Nodes: 0 source, 1 sink, then others, then centres, then each centre's gate: the one way
    // in for restrained models, with room for one.
    let (no, nc) = (others.len(), centres.len());
    let node_other = |i: usize| 2 + i;
    let node_centre = |j: usize| 2 + no + j;
    let node_gate = |j: usize| 2 + no + nc + j;
    let mut g = Flow::new(2 + no + 2 * nc);
    for i in 0..no {
        g.edge(0, node_other(i), 1, 0);
    }
    let mut pair_edges = Vec::new();
    for (i, &o) in others.iter().enumerate() {
        for (j, &c) in centres.iter().enumerate() {
            if adjacent[o].binary_search(&c).is_ok() {
                let cost = if (e.fought_before)(c, o) { -1 } else { 0 };
                let to = if (e.restrained)(o) {
                    node_gate(j)
                } else {
                    node_centre(j)
                };
                pair_edges.push((g.edge(node_other(i), to, 1, cost), o, j));
            }
        }
    }
    for (j, &c) in centres.iter().enumerate() {
        g.edge(node_gate(j), node_centre(j), 1, 0);
        g.edge(node_centre(j), 1, (e.cap)(c) as i32, 0);
    }
    g.run(0, 1);
    let mut combats: SmallVec<[Combat; 2]> = centres
        .iter()
        .map(|&c| Combat {
            centre: c,
            others: Ids::new(),
        })
        .collect();
    let mut repeated = 0;
    for (edge, o, j) in pair_edges {
        if g.flow_on(edge) > 0 {
            combats[j].others.push(o);
            repeated += usize::from((e.fought_before)(centres[j], o));
        }
    }
    let mut idle: Ids = others
        .iter()
        .copied()
        .filter(|o| !combats.iter().any(|c| c.others.contains(o)))
        .collect();
    for c in &combats {
        if c.others.is_empty() {
            idle.push(c.centre);
        }
    }
    combats.retain(|c| !c.others.is_empty());
    for c in &mut combats {
        c.others.sort_unstable();
    }
    combats.sort();
    idle.sort_unstable();
    (Grouping { combats, idle }, repeated)
}

/// A small min-cost max-flow (successive shortest paths with Bellman-Ford) on fixed arrays: a
/// component of at most [`EXHAUSTIVE`] models gives the source, the sink and one node each.
struct Flow {
    /// Per node, its edges in the order added: (to, capacity left, cost, reverse edge index).
    adj: [[(u8, i8, i8, u8); FLOW_DEGREE]; FLOW_NODES],
    degree: [u8; FLOW_NODES],
    nodes: usize,
}

const FLOW_NODES: usize = 2 * EXHAUSTIVE + 2;
/// A node's edges: a centre has one per other model it touches, one from its gate and one to
/// the sink.
const FLOW_DEGREE: usize = EXHAUSTIVE + 2;

impl Flow {
    fn new(nodes: usize) -> Flow {
        debug_assert!(nodes <= FLOW_NODES);
        Flow {
            adj: [[(0, 0, 0, 0); FLOW_DEGREE]; FLOW_NODES],
            degree: [0; FLOW_NODES],
            nodes,
        }
    }

    /// Add an edge; returns (from, index) to read its flow later.
    fn edge(&mut self, from: usize, to: usize, cap: i32, cost: i32) -> (usize, usize) {
        let (fi, ti) = (
            usize::from(self.degree[from]),
            usize::from(self.degree[to]) + usize::from(from == to),
        );
        // Capacities are a centre's cap (4 at most) and costs 0 or -1.
        let (cap, cost) = (cap.clamp(0, 127) as i8, cost.clamp(-1, 1) as i8);
        self.adj[from][fi] = (to as u8, cap, cost, ti as u8);
        self.degree[from] += 1;
        self.adj[to][ti] = (from as u8, 0, -cost, fi as u8);
        self.degree[to] += 1;
        (from, fi)
    }

    fn flow_on(&self, (from, i): (usize, usize)) -> i32 {
        let (to, _, _, rev) = self.adj[from][i];
        i32::from(self.adj[usize::from(to)][usize::from(rev)].1)
    }

    fn run(&mut self, s: usize, t: usize) {
        let n = self.nodes;
        loop {
            let mut dist = [i32::MAX; FLOW_NODES];
            let mut prev: [Option<(u8, u8)>; FLOW_NODES] = [None; FLOW_NODES];
            // Nodes whose distance fell since their edges were last relaxed: relaxing any other
            // again could improve nothing, so passes skip them (the same result, sooner).
            let mut dirty = [false; FLOW_NODES];
            dist[s] = 0;
            dirty[s] = true;
            for _ in 0..n {
                let mut changed = false;
                for u in 0..n {
                    if !std::mem::take(&mut dirty[u]) {
                        continue;
                    }
                    let edges = &self.adj[u][..usize::from(self.degree[u])];
                    for (k, &(v, cap, cost, _)) in edges.iter().enumerate() {
                        let v = usize::from(v);
                        if cap > 0 && dist[u] + i32::from(cost) < dist[v] {
                            dist[v] = dist[u] + i32::from(cost);
                            prev[v] = Some((u as u8, k as u8));
                            dirty[v] = true;
                            changed = true;
                        }
                    }
                }
                if !changed {
                    break;
                }
            }
            if dist[t] == i32::MAX {
                return;
            }
            // Push one unit (every path here carries one model).
            let mut v = t;
            while let Some((u, k)) = prev[v] {
                let (u, k) = (usize::from(u), usize::from(k));
                let (_, _, _, rev) = self.adj[u][k];
                self.adj[u][k].1 -= 1;
                self.adj[v][usize::from(rev)].1 += 1;
                v = u;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grouping(
        n: usize,
        contacts: &[(usize, usize)],
        doorway: &[usize],
        before: &[(usize, usize)],
    ) -> Grouping {
        let cap = |m: usize| if doorway.contains(&m) { 1 } else { 4 };
        let fought = |a: usize, b: usize| before.contains(&(a, b)) || before.contains(&(b, a));
        group(&Engagements {
            n,
            contacts,
            cap: &cap,
            fought_before: &fought,
            restrained: &|_| false,
        })
    }

    #[test]
    fn no_combat_holds_two_restrained_models_and_the_rest_are_grouped_best() {
        let restrained = |m: usize| m == 1 || m == 2;
        let fought = |_: usize, _: usize| false;
        let run = |n: usize, contacts: &[(usize, usize)]| {
            group(&Engagements {
                n,
                contacts,
                cap: &|_| 4,
                fought_before: &fought,
                restrained: &restrained,
            })
        };
        // An enemy (0) touching two Kamakura Samurai (1, 2): one fights it, the other stands idle.
        let star = run(3, &[(0, 1), (0, 2)]);
        assert_eq!(star.combats.len(), 1);
        assert_eq!(star.combats[0].others.len(), 1);
        assert_eq!(star.idle.len(), 1);
        // When Samurai 2 also touches another enemy (3), it fights that one: nobody idle.
        let split = run(4, &[(0, 1), (0, 2), (3, 2)]);
        assert!(split.idle.is_empty(), "{split:?}");
        for c in &split.combats {
            let held = c.others.iter().filter(|&&m| restrained(m)).count();
            assert!(held <= 1, "{split:?}");
        }
        // Unrestrained, the enemy would take both.
        let free = group(&Engagements {
            n: 3,
            contacts: &[(0, 1), (0, 2)],
            cap: &|_| 4,
            fought_before: &fought,
            restrained: &|_| false,
        });
        assert!(free.idle.is_empty());
    }

    #[test]
    fn a_star_is_grouped_as_the_exhaustive_search_groups_it() {
        // Hubs at every position, 2 to 4 leaves, with and without last turn's pairs.
        for leaves in 2..=4usize {
            for hub in 0..=leaves {
                let ids: Vec<usize> = (0..=leaves).filter(|&m| m != hub).collect();
                let contacts: Vec<(usize, usize)> = ids.iter().map(|&m| (hub, m)).collect();
                for before in [vec![], vec![(hub, ids[0])], vec![(hub, ids[leaves - 1])]] {
                    let fought =
                        |a: usize, b: usize| before.contains(&(a, b)) || before.contains(&(b, a));
                    let e = Engagements {
                        n: leaves + 1,
                        contacts: &contacts,
                        cap: &|_| 4,
                        fought_before: &fought,
                        restrained: &|_| false,
                    };
                    let component: Vec<usize> = (0..=leaves).collect();
                    let adjacent = adjacency(leaves + 1, &contacts);
                    assert_eq!(
                        star(&component, &adjacent, &e),
                        Some(exhaustive(&component, &adjacent, &e, false)),
                        "hub {hub}, {leaves} leaves, before {before:?}"
                    );
                }
            }
        }
    }

    /// Enemy pairs in contact among `k` models on random sides, each possible pair with a chance
    /// of one in `one_in`.
    fn two_sided_contacts(
        next: &mut impl FnMut(u64) -> u64,
        k: usize,
        one_in: u64,
    ) -> Vec<(usize, usize)> {
        let side: Vec<bool> = (0..k).map(|_| next(2) == 0).collect();
        let mut contacts = Vec::new();
        for a in 0..k {
            for b in a + 1..k {
                if side[a] != side[b] && next(one_in) == 0 {
                    contacts.push((a, b));
                }
            }
        }
        contacts
    }

    /// Each of `k` models' enemies in contact, sorted, as `group_again` builds them.
    fn adjacency(k: usize, contacts: &[(usize, usize)]) -> Vec<Ids> {
        let mut adjacent = vec![Ids::new(); k];
        for &(a, b) in contacts {
            adjacent[a].push(b);
            adjacent[b].push(a);
        }
        for list in &mut adjacent {
            list.sort_unstable();
        }
        adjacent
    }

    /// A small deterministic generator for the random melees: `next(n)` is in `0..n`.
    fn xorshift(mut state: u64) -> impl FnMut(u64) -> u64 {
        move |n| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % n
        }
    }

    #[test]
    fn a_lone_pair_fights_one_against_one_and_keeps_what_a_search_would_keep() {
        // One pair in contact takes the short way; what it keeps for the next phase must be
        // what the full search keeps for the same pair beside another fight.
        let cap = |m: usize| if m == 3 { 1 } else { 4 };
        let restrained = |m: usize| m == 1;
        let fought = |a: usize, b: usize| (a.min(b), a.max(b)) == (1, 3);
        let engagements = |contacts| Engagements {
            n: 6,
            contacts,
            cap: &cap,
            fought_before: &fought,
            restrained: &restrained,
        };
        let (alone, kept) = group_again(&engagements(&[(3, 1)]), &[]);
        assert_eq!(
            alone.combats.as_slice(),
            [Combat {
                centre: 1,
                others: smallvec::smallvec![3],
            }]
        );
        assert!(alone.idle.is_empty());
        let (_, searched) = group_again(&engagements(&[(3, 1), (0, 4), (5, 4)]), &[]);
        let same = searched.iter().find(|c| c.models.as_slice() == [1, 3]);
        assert_eq!(
            kept.as_slice(),
            same.map(std::slice::from_ref).unwrap_or_default()
        );
    }

    #[test]
    fn an_unchanged_group_is_not_searched_again_and_gets_what_a_search_gets() {
        // Random melees of 3 to 14 models in several groups, fought three phases running with the
        // same contacts, each phase's pairs the next one's "fought before": every phase's
        // grouping is what a fresh search gives, and groups are taken over from the third.
        let mut next = xorshift(0x2545_F491_4F6C_DD1Du64);
        let mut taken = 0;
        for _ in 0..2000 {
            let k = 3 + next(12) as usize;
            let contacts = two_sided_contacts(&mut next, k, 4);
            let doorway: Vec<usize> = (0..k).filter(|_| next(6) == 0).collect();
            let cap = |m: usize| if doorway.contains(&m) { 1 } else { 4 };
            let restrained = |m: usize| m % 5 == 1;
            let mut before: Vec<(usize, usize)> =
                contacts.iter().copied().filter(|_| next(3) == 0).collect();
            let mut last = Vec::new();
            for phase in 0..3 {
                let fought = |a: usize, b: usize| before.contains(&(a.min(b), a.max(b)));
                let e = Engagements {
                    n: k,
                    contacts: &contacts,
                    cap: &cap,
                    fought_before: &fought,
                    restrained: &restrained,
                };
                let (grouping, components) = group_again(&e, &last);
                assert_eq!(grouping, group(&e), "contacts {contacts:?}, phase {phase}");
                if phase == 2 {
                    taken += components
                        .iter()
                        .filter(|c| last.iter().any(|l| l.same_search(c)))
                        .count();
                }
                before = grouping
                    .combats
                    .iter()
                    .flat_map(|c| c.others.iter().map(|&o| (c.centre.min(o), c.centre.max(o))))
                    .collect();
                last = components;
            }
        }
        assert!(taken > 1000, "only {taken} groups taken over");
    }

    #[test]
    fn pruning_the_search_never_changes_the_grouping() {
        // Random two-sided melees of 3 to 12 models, random doorways and last turn's pairs: the
        // pruned search finds exactly what trying every set of centres finds.
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15u64);
        for _ in 0..3000 {
            let k = 3 + next(10) as usize;
            let contacts = two_sided_contacts(&mut next, k, 3);
            let before: Vec<(usize, usize)> =
                contacts.iter().copied().filter(|_| next(3) == 0).collect();
            let doorway: Vec<usize> = (0..k).filter(|_| next(6) == 0).collect();
            let cap = |m: usize| if doorway.contains(&m) { 1 } else { 4 };
            let fought = |a: usize, b: usize| before.contains(&(a, b)) || before.contains(&(b, a));
            let e = Engagements {
                n: k,
                contacts: &contacts,
                cap: &cap,
                fought_before: &fought,
                restrained: &|_| false,
            };
            let adjacent = adjacency(k, &contacts);
            let component: Vec<usize> = (0..k).filter(|&m| !adjacent[m].is_empty()).collect();
            if component.len() < 2 {
                continue;
            }
            assert_eq!(
                exhaustive(&component, &adjacent, &e, true),
                exhaustive(&component, &adjacent, &e, false),
                "contacts {contacts:?}, before {before:?}, doorways {doorway:?}"
            );
        }
    }

    #[test]
    fn the_search_finds_the_first_best_set_of_centres_in_counting_order() {
        // Against the plain definition: count through every set of centres (each touching a
        // non-centre, at most half the group), assign each, keep the first best.
        let mut next = xorshift(0xD1B5_4A32_D192_ED03u64);
        for _ in 0..700 {
            let k = 3 + next(10) as usize;
            let contacts = two_sided_contacts(&mut next, k, 3);
            let before: Vec<(usize, usize)> =
                contacts.iter().copied().filter(|_| next(2) == 0).collect();
            let doorway: Vec<usize> = (0..k).filter(|_| next(6) == 0).collect();
            let cap = |m: usize| if doorway.contains(&m) { 1 } else { 4 };
            let fought = |a: usize, b: usize| before.contains(&(a, b)) || before.contains(&(b, a));
            let e = Engagements {
                n: k,
                contacts: &contacts,
                cap: &cap,
                fought_before: &fought,
                restrained: &|m| m % 4 == 3,
            };
            let adjacent = adjacency(k, &contacts);
            let component: Vec<usize> = (0..k).filter(|&m| !adjacent[m].is_empty()).collect();
            if component.len() < 3 {
                continue;
            }
            let n = component.len();
            let mut plain: Option<(Grouping, usize)> = None;
            for mask in 1u32..(1 << n) {
                let centres: Vec<usize> = (0..n)
                    .filter(|&i| mask & (1 << i) != 0)
                    .map(|i| component[i])
                    .collect();
                let each_touches_another = centres
                    .iter()
                    .all(|c| adjacent[*c].iter().any(|m| !centres.contains(m)));
                if 2 * centres.len() > n || !each_touches_another {
                    continue;
                }
                let candidate = assign(&component, &centres, &adjacent, &e);
                if plain.as_ref().is_none_or(|b| better(&candidate, b)) {
                    plain = Some(candidate);
                }
            }
            assert_eq!(
                exhaustive(&component, &adjacent, &e, true),
                plain.map(|b| b.0).unwrap_or_default(),
                "contacts {contacts:?}, before {before:?}, doorways {doorway:?}"
            );
        }
    }

    #[test]
    fn one_against_one_is_centred_on_the_smaller_id() {
        let g = grouping(2, &[(1, 0)], &[], &[]);
        assert_eq!(
            g.combats.as_slice(),
            [Combat {
                centre: 0,
                others: smallvec::smallvec![1]
            }]
        );
        assert!(g.idle.is_empty());
    }

    #[test]
    fn one_model_fights_up_to_four_and_a_fifth_is_idle() {
        // Model 0 touches five enemies (1-5): one combat of four, one idle.
        let contacts: Vec<(usize, usize)> = (1..=5).map(|k| (0, k)).collect();
        let g = grouping(6, &contacts, &[], &[]);
        assert_eq!(g.combats.len(), 1);
        assert_eq!(g.combats[0].others.len(), 4);
        assert_eq!(g.idle.len(), 1);
    }

    #[test]
    fn a_chain_is_split_to_leave_no_one_idle() {
        // A(0) - B(1) - C(2) - D(3), alternating sides: two pairs, nobody idle.
        let g = grouping(4, &[(0, 1), (1, 2), (2, 3)], &[], &[]);
        assert!(g.idle.is_empty());
        assert_eq!(g.combats.len(), 2);
        let fighting: usize = g.combats.iter().map(|c| 1 + c.others.len()).sum();
        assert_eq!(fighting, 4);
    }

    #[test]
    fn a_model_in_a_doorway_is_fought_by_one_enemy() {
        let g = grouping(3, &[(0, 1), (0, 2)], &[0], &[]);
        // Either 0 is a centre with one attacker and the other is idle, or 1 and 2 each centre on 0:
        // impossible (0 can be in one combat). One idle model is the best.
        assert_eq!(g.idle.len(), 1);
    }

    #[test]
    fn last_turns_pairs_are_kept_when_idle_counts_tie() {
        // A square: 0 and 3 against 1 and 2, every pair in contact. Several groupings leave no
        // one idle; the one that keeps last turn's pairs (0 with 2, 3 with 1) is chosen.
        let square = [(0, 1), (0, 2), (3, 1), (3, 2)];
        let g = grouping(4, &square, &[], &[(0, 2), (3, 1)]);
        assert!(g.idle.is_empty());
        let paired = |a: usize, b: usize| {
            g.combats.iter().any(|c| {
                (c.centre == a && c.others.contains(&b)) || (c.centre == b && c.others.contains(&a))
            })
        };
        assert!(paired(0, 2) && paired(3, 1), "{g:?}");
        let fresh = grouping(4, &square, &[], &[(0, 1), (3, 2)]);
        assert!(
            fresh
                .combats
                .iter()
                .any(|c| c.centre.min(c.others[0]) == 0 && c.centre.max(c.others[0]) == 1)
        );
    }

    #[test]
    fn a_large_melee_uses_the_greedy_rule_and_leaves_everyone_accounted_for() {
        // 20 models in a line of contacts.
        let contacts: Vec<(usize, usize)> = (0..19).map(|k| (k, k + 1)).collect();
        let g = grouping(20, &contacts, &[], &[]);
        let mut all: Vec<usize> = g.idle.to_vec();
        for c in &g.combats {
            all.push(c.centre);
            all.extend(&c.others);
        }
        all.sort_unstable();
        assert_eq!(
            all,
            (0..20).collect::<Vec<_>>(),
            "each model in exactly one combat or idle"
        );
        for c in &g.combats {
            for o in &c.others {
                assert!(
                    contacts.contains(&(c.centre.min(*o), c.centre.max(*o))),
                    "others touch the centre"
                );
            }
        }
    }
}
