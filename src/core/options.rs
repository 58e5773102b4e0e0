//! Option kinds: the choices a designer asks about ("does taking the Jackpot win games?",
//! "is the centre square worth it?"), declared by each game beside its actions. A game lists
//! its kinds once ([`crate::core::GameStats::option_kinds`]) and says which kinds each legal action
//! belongs to ([`crate::core::GameStats::action_kinds`]); an action may belong to several (a DARDZ
//! card is both its value and its kind) or to none. Everything else (the option table, the
//! strategy probes) is shared, so adding a game means declaring its kinds.

use std::fmt;

use rand::RngExt;

use crate::core::{Game, Turn, derive_rng};

/// The most kinds one game may declare: a [`KindSet`] is one 128-bit word, so classifying an
/// action costs a few instructions and no allocation.
pub const MAX_KINDS: usize = 128;

/// One option kind, as the option table and `--bots prefer:` name it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionKind {
    /// The machine name: lower-case letters, digits and `_` (`jackpot`, `value_12`,
    /// `hold_20_29`); unique within the game.
    pub id: String,
    /// The rulebook's words for it ("play a Jackpot card").
    pub words: String,
    /// The rule parameter whose value a sweep would vary to make this option weaker or
    /// stronger (`value_12`), when one exists.
    pub lever: Option<String>,
}

impl OptionKind {
    pub fn new(id: impl Into<String>, words: impl Into<String>) -> Self {
        Self { id: id.into(), words: words.into(), lever: None }
    }

    /// The same kind with the rule parameter a sweep would vary for it.
    pub fn with_lever(mut self, parameter: impl Into<String>) -> Self {
        self.lever = Some(parameter.into());
        self
    }

    /// The same kind with `parameter` as its lever, when there is one.
    pub fn with_lever_if(self, parameter: Option<impl Into<String>>) -> Self {
        match parameter {
            Some(p) => self.with_lever(p),
            None => self,
        }
    }
}

/// A set of option kinds, by their index in [`crate::core::GameStats::option_kinds`].
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct KindSet(u128);

impl KindSet {
    pub const EMPTY: KindSet = KindSet(0);

    /// The set holding only kind `index` (below [`MAX_KINDS`]).
    pub const fn one(index: usize) -> Self {
        KindSet(1u128 << index)
    }

    /// This set with kind `index` added.
    #[must_use]
    pub const fn with(self, index: usize) -> Self {
        KindSet(self.0 | 1u128 << index)
    }

    pub const fn union(self, other: KindSet) -> Self {
        KindSet(self.0 | other.0)
    }

    pub const fn contains(self, index: usize) -> bool {
        index < MAX_KINDS && self.0 >> index & 1 == 1
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The kinds' indices, lowest first.
    pub fn iter(self) -> impl Iterator<Item = usize> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            Some(i)
        })
    }

    /// The highest index in the set, if any.
    pub fn highest(self) -> Option<usize> {
        (self.0 != 0).then(|| 127 - self.0.leading_zeros() as usize)
    }
}

impl fmt::Debug for KindSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Whether `kinds` is a well-formed declaration: at most [`MAX_KINDS`], every id
/// lower-case letters, digits and `_`, starting with a letter, and no id twice.
pub fn check_kinds(kinds: &[OptionKind]) -> Result<(), String> {
    if kinds.len() > MAX_KINDS {
        return Err(format!("{} option kinds; at most {MAX_KINDS}", kinds.len()));
    }
    let mut seen = std::collections::BTreeSet::new();
    for k in kinds {
        let well_formed = k.id.starts_with(|c: char| c.is_ascii_lowercase())
            && k.id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
        if !well_formed {
            return Err(format!("option kind id `{}`: use a-z, 0-9 and _", k.id));
        }
        if k.words.trim().is_empty() {
            return Err(format!("option kind `{}` has no words", k.id));
        }
        if !seen.insert(k.id.as_str()) {
            return Err(format!("option kind `{}` is declared twice", k.id));
        }
    }
    Ok(())
}

/// The index of the kind named `name` (its id, or `game.id`), if `kinds` has it.
pub fn find_kind(kinds: &[OptionKind], game: &str, name: &str) -> Option<usize> {
    let id = name.strip_prefix(game).and_then(|r| r.strip_prefix('.')).unwrap_or(name);
    kinds.iter().position(|k| k.id == id)
}

/// The kinds legal at least once over `matches` random matches of `game` with `players`
/// (chance and choices from the streams of `seed`), stopping early once every declared kind
/// was seen: what each game's tests use to show that every kind it declares can come up.
pub fn kinds_reached<G: Game>(game: &G, players: usize, matches: u64, seed: u64) -> KindSet {
    let declared = game.option_kinds(players).len();
    let (mut seen, mut legal) = (KindSet::EMPTY, Vec::new());
    for index in 0..matches {
        let mut rng = derive_rng(seed, index, 0);
        let mut s = game.new_state(players);
        loop {
            match game.turn(&s) {
                Turn::Over => break,
                Turn::Chance => game.sample_chance(&mut s, &mut rng),
                Turn::Player(_) => {
                    game.legal_actions(&s, &mut legal);
                    for &a in &legal {
                        seen = seen.union(game.action_kinds(&s, a));
                    }
                    let a = legal[rng.random_range(0..legal.len())];
                    game.apply(&mut s, a);
                }
            }
        }
        if seen.len() == declared {
            break;
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_their_members_and_nothing_else() {
        let s = KindSet::one(3).with(0).with(127);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 3, 127]);
        assert!(s.contains(127) && s.contains(0) && !s.contains(1) && !s.contains(200));
        assert_eq!(s.len(), 3);
        assert_eq!(s.highest(), Some(127));
        assert_eq!(KindSet::EMPTY.highest(), None);
        assert!(KindSet::EMPTY.is_empty());
        assert_eq!(KindSet::one(5).union(KindSet::one(6)), KindSet::one(6).with(5));
    }

    #[test]
    fn declarations_are_checked() {
        let ok = vec![OptionKind::new("value_12", "play a 12"), OptionKind::new("hold", "hold")];
        assert!(check_kinds(&ok).is_ok());
        let twice = vec![OptionKind::new("hold", "a"), OptionKind::new("hold", "b")];
        assert!(check_kinds(&twice).unwrap_err().contains("twice"));
        assert!(check_kinds(&[OptionKind::new("Hold", "a")]).is_err());
        assert!(check_kinds(&[OptionKind::new("12", "a")]).is_err());
        assert!(check_kinds(&[OptionKind::new("hold", " ")]).is_err());
    }

    #[test]
    fn kinds_are_found_with_or_without_the_game_prefix() {
        let kinds = vec![OptionKind::new("jackpot", "a"), OptionKind::new("value_12", "b")];
        assert_eq!(find_kind(&kinds, "dardz", "dardz.value_12"), Some(1));
        assert_eq!(find_kind(&kinds, "dardz", "jackpot"), Some(0));
        assert_eq!(find_kind(&kinds, "dardz", "pig.jackpot"), None);
        assert_eq!(find_kind(&kinds, "dardz", "boost"), None);
    }
}
