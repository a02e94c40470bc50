//! KWG word graphs (Woogles, Macondo, wolges): read, and write for tests and export.
//!
//! A KWG is a flat array of little-endian `u32` nodes with no header. Bits 24–31 hold the tile
//! (1..=26 are A..=Z), bit 23 *accepts* (a word ends here), bit 22 *is_end* (last of its
//! siblings), bits 0–21 the index of the first child (0 = none). Node 0 points at the root of the
//! word DAWG, node 1 at the GADDAG root, which a word list does not need and is ignored.
//!
//! The file is untrusted: before a single word is produced the reader checks every reachable
//! sibling list (in range, tiles valid and increasing, terminated), that no path is longer than
//! 15 letters or loops, and that the graph does not spell an absurd number of words — so a
//! malformed file is an error, never a panic, a hang or a huge allocation.

use crate::alphabet::Alphabet;
use std::collections::HashMap;

use super::{Entries, InvalidEntry, Kind, Location, OnInvalid};
use crate::word::{Word, MAX_LEN};

const TILE_SHIFT: u32 = 24;
const ACCEPTS: u32 = 1 << 23;
const IS_END: u32 = 1 << 22;
const ARC_MASK: u32 = (1 << 22) - 1;

/// More words than any lexicon has (CSW24: 280,887) by a wide margin.
pub const MAX_WORDS: u64 = 2_000_000;

/// Why bytes are not a usable KWG.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KwgError {
    #[error("its length, {0} bytes, is not a multiple of 4")]
    Length(usize),
    #[error("it has {0} node(s); a KWG has at least 2 (the DAWG and GADDAG roots)")]
    TooSmall(usize),
    #[error("node {node} (byte offset {}) points to node {target}, but there are only {count} nodes", .node * 4)]
    ArcOutOfRange {
        node: usize,
        target: usize,
        count: usize,
    },
    #[error("node {node} (byte offset {}) has tile {tile}; {language} tiles are 1-{tiles}{}", .node * 4, if language == "English" { " (A-Z)" } else { "" })]
    BadTile {
        node: usize,
        tile: u32,
        language: String,
        tiles: u32,
    },
    #[error("node {node} (byte offset {}): sibling tiles must increase, but tile {tile} follows {previous}", .node * 4)]
    TilesNotIncreasing {
        node: usize,
        previous: u32,
        tile: u32,
    },
    #[error("the sibling list starting at node {start} (byte offset {}) has no last node (is_end) before the end of the file", .start * 4)]
    Unterminated { start: usize },
    #[error("a path through node {node} (byte offset {}) is longer than 15 letters or loops back on itself", .node * 4)]
    TooDeep { node: usize },
    #[error("it spells more than {MAX_WORDS} words, far more than any word list")]
    TooManyWords,
    #[error("{0} words need more nodes than a KWG can address")]
    TooBigToEncode(usize),
    #[error("{0}")]
    Entry(InvalidEntry),
}

fn tile(node: u32) -> u32 {
    node >> TILE_SHIFT
}
fn arc(node: u32) -> usize {
    (node & ARC_MASK) as usize
}

struct Graph {
    nodes: Vec<u32>,
    /// How many tiles the alphabet has: the largest tile number a node may hold.
    tiles: u32,
    language: String,
}

impl Graph {
    fn parse(bytes: &[u8], alphabet: &Alphabet) -> Result<Graph, KwgError> {
        let (tiles, language) = (alphabet.tiles().len() as u32, alphabet.language.clone());
        if !bytes.len().is_multiple_of(4) {
            return Err(KwgError::Length(bytes.len()));
        }
        let nodes: Vec<u32> = bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if nodes.len() < 2 {
            return Err(KwgError::TooSmall(nodes.len()));
        }
        Ok(Graph {
            nodes,
            tiles,
            language,
        })
    }

    /// Checks the sibling list starting at `start` and returns its node indices.
    fn siblings(&self, start: usize) -> Result<std::ops::Range<usize>, KwgError> {
        let count = self.nodes.len();
        let mut previous = 0;
        for i in start..count {
            let node = self.nodes[i];
            let t = tile(node);
            if !(1..=self.tiles).contains(&t) {
                return Err(KwgError::BadTile {
                    node: i,
                    tile: t,
                    language: self.language.clone(),
                    tiles: self.tiles,
                });
            }
            if t <= previous {
                return Err(KwgError::TilesNotIncreasing {
                    node: i,
                    previous,
                    tile: t,
                });
            }
            previous = t;
            if arc(node) >= count {
                return Err(KwgError::ArcOutOfRange {
                    node: i,
                    target: arc(node),
                    count,
                });
            }
            if node & IS_END != 0 {
                return Ok(start..i + 1);
            }
        }
        Err(KwgError::Unterminated { start })
    }

    /// Longest path (in letters) below the list at `start`, entered after `depth` letters.
    /// Memoised; a list met again while still being measured is a loop.
    fn height(
        &self,
        start: usize,
        depth: usize,
        memo: &mut HashMap<usize, Option<usize>>,
    ) -> Result<usize, KwgError> {
        match memo.get(&start) {
            Some(Some(h)) if depth + h <= MAX_LEN => return Ok(*h),
            Some(_) => return Err(KwgError::TooDeep { node: start }),
            None => {}
        }
        if depth >= MAX_LEN {
            return Err(KwgError::TooDeep { node: start });
        }
        memo.insert(start, None);
        let mut h = 1;
        for i in self.siblings(start)? {
            let child = arc(self.nodes[i]);
            if child != 0 {
                h = h.max(1 + self.height(child, depth + 1, memo)?);
            }
        }
        memo.insert(start, Some(h));
        Ok(h)
    }

    /// Words spelt below the list at `start` (saturating), memoised. Runs after `height`, so
    /// every list is known to be valid and acyclic.
    fn word_count(&self, start: usize, memo: &mut HashMap<usize, u64>) -> Result<u64, KwgError> {
        if let Some(&n) = memo.get(&start) {
            return Ok(n);
        }
        let mut n = 0u64;
        for i in self.siblings(start)? {
            let node = self.nodes[i];
            if node & ACCEPTS != 0 {
                n = n.saturating_add(1);
            }
            if arc(node) != 0 {
                n = n.saturating_add(self.word_count(arc(node), memo)?);
            }
        }
        memo.insert(start, n);
        Ok(n)
    }

    /// Appends the words below the list at `start`. Lists that spell no word (`counts`, from
    /// `word_count`) are not entered: a graph can hold astronomically many paths that end in no
    /// word, and walking them would never finish. So the walk visits at most 15 nodes a word.
    fn collect(
        &self,
        start: usize,
        prefix: &mut Vec<u8>,
        entries: &mut Entries,
        policy: OnInvalid,
        counts: &HashMap<usize, u64>,
    ) -> Result<(), KwgError> {
        for i in self.siblings(start)? {
            let node = self.nodes[i];
            // Tiles were checked to be 1..=the alphabet's tiles, so this is the tile's code.
            prefix.push(b'A' + (tile(node) - 1) as u8);
            if node & ACCEPTS != 0 {
                entries
                    .push_codes(prefix, Location::KwgNode(i), policy)
                    .map_err(KwgError::Entry)?;
            }
            let child = arc(node);
            if child != 0 && counts.get(&child).is_some_and(|&n| n > 0) {
                self.collect(child, prefix, entries, policy, counts)?;
            }
            prefix.pop();
        }
        Ok(())
    }
}

/// Reads the words of a KWG, in sorted order.
pub(super) fn read(
    bytes: &[u8],
    alphabet: &'static Alphabet,
    policy: OnInvalid,
) -> Result<Entries, KwgError> {
    let graph = Graph::parse(bytes, alphabet)?;
    let mut entries = Entries::new(Kind::Kwg, alphabet);
    let root = arc(graph.nodes[0]);
    if root == 0 {
        return Ok(entries);
    }
    if root >= graph.nodes.len() {
        return Err(KwgError::ArcOutOfRange {
            node: 0,
            target: root,
            count: graph.nodes.len(),
        });
    }
    graph.height(root, 0, &mut HashMap::new())?;
    let mut counts = HashMap::new();
    let count = graph.word_count(root, &mut counts)?;
    if count > MAX_WORDS {
        return Err(KwgError::TooManyWords);
    }
    entries.words.reserve(count as usize);
    graph.collect(
        root,
        &mut Vec::with_capacity(MAX_LEN),
        &mut entries,
        policy,
        &counts,
    )?;
    Ok(entries)
}

/// Encodes `words` as a KWG holding a plain trie (no suffix sharing, no GADDAG): valid for every
/// KWG reader, and what the tests use to check the reader on a full-size list.
pub fn encode_kwg(words: &[Word]) -> Result<Vec<u8>, KwgError> {
    let mut sorted = words.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    let mut nodes = vec![IS_END, IS_END]; // node 0 → DAWG root (set below), node 1 → no GADDAG
    if !sorted.is_empty() {
        let root = emit_list(&sorted, 0, &mut nodes);
        nodes[0] |= root as u32;
    }
    if nodes.len() > ARC_MASK as usize {
        return Err(KwgError::TooBigToEncode(sorted.len()));
    }
    Ok(nodes.iter().flat_map(|n| n.to_le_bytes()).collect())
}

/// Appends the sibling list for `words` (sorted, all longer than `depth`, sharing their first
/// `depth` letters) and, after it, their subtrees. Returns the index of the list's first node.
fn emit_list(words: &[Word], depth: usize, nodes: &mut Vec<u32>) -> usize {
    let mut groups: Vec<&[Word]> = Vec::new();
    let mut rest = words;
    while let Some(first) = rest.first() {
        let letter = first.as_bytes()[depth];
        let n = rest
            .iter()
            .take_while(|w| w.as_bytes()[depth] == letter)
            .count();
        groups.push(&rest[..n]);
        rest = &rest[n..];
    }
    let start = nodes.len();
    nodes.resize(start + groups.len(), 0);
    for (i, group) in groups.iter().enumerate() {
        let letter = group[0].as_bytes()[depth];
        let ends_here = group[0].len() == depth + 1;
        let longer = if ends_here { &group[1..] } else { group };
        let child = if longer.is_empty() {
            0
        } else {
            emit_list(longer, depth + 1, nodes)
        };
        let mut node = ((letter - b'A' + 1) as u32) << TILE_SHIFT | child as u32;
        if ends_here {
            node |= ACCEPTS;
        }
        if i + 1 == groups.len() {
            node |= IS_END;
        }
        // Children are appended after the list, so indices past ARC_MASK only occur for lists
        // that `encode_kwg` then refuses as a whole.
        nodes[start + i] = node;
    }
    start
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(list: &[&str]) -> Vec<Word> {
        list.iter().map(|s| Word::parse(s).unwrap()).collect()
    }

    fn bytes(nodes: &[u32]) -> Vec<u8> {
        nodes.iter().flat_map(|n| n.to_le_bytes()).collect()
    }

    fn node(letter: u8, accepts: bool, end: bool, child: u32) -> u32 {
        ((letter - b'A' + 1) as u32) << TILE_SHIFT
            | if accepts { ACCEPTS } else { 0 }
            | if end { IS_END } else { 0 }
            | child
    }

    #[test]
    fn round_trip_gives_sorted_distinct_words() {
        let words = w(&["ZA", "QI", "AB", "ABS", "AB", "ABSENT", "QIS"]);
        let e = read(
            &encode_kwg(&words).unwrap(),
            crate::alphabet::english(),
            OnInvalid::Fail,
        )
        .unwrap();
        let got: Vec<String> = e.words.iter().map(Word::text).collect();
        assert_eq!(got, ["AB", "ABS", "ABSENT", "QI", "QIS", "ZA"]);
    }

    #[test]
    fn reads_a_hand_built_graph_with_shared_suffixes() {
        // Root list: A, B. Both point to one shared list holding T (accepts): words AT, BT.
        let g = bytes(&[
            IS_END | 2,
            IS_END,
            node(b'A', false, false, 4),
            node(b'B', false, true, 4),
            node(b'T', true, true, 0),
        ]);
        let e = read(&g, crate::alphabet::english(), OnInvalid::Fail).unwrap();
        let got: Vec<String> = e.words.iter().map(Word::text).collect();
        assert_eq!(got, ["AT", "BT"]);
    }

    /// Under A, fourteen levels of 26 siblings, each pointing at the next, that end in no word:
    /// 26^14 paths lead nowhere. Under Z, one word. Found by the reliability suite: the reader
    /// walked every path (a hang) because it counted only *words* before collecting.
    fn dead_end_fan_out() -> Vec<u8> {
        // 0, 1: roots; 2, 3: the root list (A → dead levels, Z → the word's chain).
        let dead = 4u32;
        let chain = dead + 14 * 26;
        let mut nodes = vec![
            IS_END | 2,
            IS_END,
            node(b'A', false, false, dead),
            node(b'Z', false, true, chain),
        ];
        for level in 0..14u32 {
            let next = if level < 13 {
                dead + (level + 1) * 26
            } else {
                0
            };
            for t in 0..26u32 {
                nodes.push((t + 1) << TILE_SHIFT | if t == 25 { IS_END } else { 0 } | next);
            }
        }
        // Z then 13 more Zs, the last accepting: ZZZZZZZZZZZZZZ (14 letters).
        for i in 0..13u32 {
            let last = i == 12;
            nodes.push(node(b'Z', last, true, if last { 0 } else { chain + i + 1 }));
        }
        bytes(&nodes)
    }

    #[test]
    fn a_graph_of_dead_ends_is_read_without_walking_every_path() {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(read(
                &dead_end_fan_out(),
                crate::alphabet::english(),
                OnInvalid::Fail,
            ));
        });
        // Generous: it takes microseconds; walking the paths would take years.
        let result = rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the reader finished");
        let words: Vec<String> = result
            .unwrap()
            .words
            .iter()
            .map(|w| w.to_string())
            .collect();
        assert_eq!(words, ["ZZZZZZZZZZZZZZ"]);
    }

    #[test]
    fn malformed_graphs_are_errors() {
        let cases: Vec<(Vec<u8>, KwgError)> = vec![
            (vec![1, 2, 3], KwgError::Length(3)),
            (bytes(&[IS_END]), KwgError::TooSmall(1)),
            (
                bytes(&[IS_END | 9, IS_END]),
                KwgError::ArcOutOfRange {
                    node: 0,
                    target: 9,
                    count: 2,
                },
            ),
            (
                bytes(&[IS_END | 2, IS_END, 27 << TILE_SHIFT | IS_END]),
                KwgError::BadTile {
                    node: 2,
                    tile: 27,
                    language: "English".into(),
                    tiles: 26,
                },
            ),
            (
                bytes(&[
                    IS_END | 2,
                    IS_END,
                    node(b'B', true, false, 0),
                    node(b'A', true, true, 0),
                ]),
                KwgError::TilesNotIncreasing {
                    node: 3,
                    previous: 2,
                    tile: 1,
                },
            ),
            (
                bytes(&[IS_END | 2, IS_END, node(b'A', true, false, 0)]),
                KwgError::Unterminated { start: 2 },
            ),
            (
                // A list whose only node points back to itself: a loop.
                bytes(&[IS_END | 2, IS_END, node(b'A', true, true, 2)]),
                KwgError::TooDeep { node: 2 },
            ),
        ];
        for (input, expected) in cases {
            assert_eq!(
                read(&input, crate::alphabet::english(), OnInvalid::Fail).unwrap_err(),
                expected
            );
        }
    }

    #[test]
    fn a_graph_spelling_too_many_words_is_refused_before_allocating() {
        // 15 levels of lists with all 26 letters, each level pointing at the next: 26^15 words.
        let mut nodes = vec![IS_END | 2, IS_END];
        for level in 0..15u32 {
            let start = 2 + level * 26;
            let child = if level == 14 { 0 } else { start + 26 };
            for t in 0..26u32 {
                let end = if t == 25 { IS_END } else { 0 };
                nodes.push((t + 1) << TILE_SHIFT | ACCEPTS | end | child);
            }
        }
        assert_eq!(
            read(&bytes(&nodes), crate::alphabet::english(), OnInvalid::Fail).unwrap_err(),
            KwgError::TooManyWords
        );
    }

    #[test]
    fn a_one_letter_word_is_an_invalid_entry_at_its_node() {
        let g = bytes(&[IS_END | 2, IS_END, node(b'A', true, true, 0)]);
        match read(&g, crate::alphabet::english(), OnInvalid::Fail).unwrap_err() {
            KwgError::Entry(e) => {
                assert_eq!(e.location, Location::KwgNode(2));
                assert_eq!(e.text, "A");
            }
            other => panic!("expected an invalid entry, got {other}"),
        }
    }
}
