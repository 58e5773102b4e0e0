//! DARDZ's option kinds: the choices a designer asks about ("does taking the 12s win
//! games?", "does playing the Jackpot first pay?", "is picking nothing worth it?"), for the
//! option table and `--bots prefer:`.
//!
//! Why these groups. The roller's decisions are picks (a number from the dice, or nothing),
//! the order of waiting action cards, and the Jackpot's number; the kinds follow what a
//! designer can change:
//! - **By card** (one kind per card of the card table the deck holds; the lever is the
//!   card's `value_<card>`): a pick of number n that the roller's side holds is "take your
//!   n cards" (`value_n`; a 7 is `value_7` for plain 7s and `golden_7` for the Golden 7, both
//!   when the hand holds both). A pick the side does not hold is no card of the roller's, so
//!   it is none of these: it only feeds others (`feed`). Playing an action card (a
//!   decision only when several kinds wait, DZ-4) is that card's kind (`jackpot` ...); its
//!   lever is its value in a points pile, except the Jackpot's, whose strength is
//!   `jackpot_points`.
//! - **By what the pick does** beyond the cards: `feed` (only other players hold the number),
//!   `feed_leader` (the rulebook's tip "Don't let the player who's winning add cards": an
//!   opponent with the top score holds it), `pass` (pick nothing, `pass_rule`),
//!   `bonus_roll` (a third-roll number in the roller's own hand, which earns the Bonus Roll,
//!   DZ-17) and `fill_pile` (the pick brings the side's points pile to the round's size,
//!   ending the round: the +10 `round_bonus` to the most cards).
//!
//! Left without a kind: the Jackpot's number (`Guess`): the die is fair, so no guess is
//! better than another and the option table would measure noise. Clean 'em up, 3-of-a-kind,
//! the Lucky Loser roll and the round's +10 never are decisions: a Bonus Roll pick asks only
//! with two numbers in hand, so it never empties the hand, and the others are automatic.
//!
//! Kinds depend on the rules only through the deck: a card kind the deck has no copies of
//! (`golden_sevens = 0`, `copies_jackpot = 0`) is not declared, so the table never shows a
//! kind that cannot be chosen. [`KindIndex`] is built once per rule set (in `Dardz::new`);
//! `option_kinds` and `action_kinds` both read it, so their order cannot drift apart.

use super::*;
use crate::core::{KindSet, OptionKind};
use state::NUMBER_BIT;

/// Slots of the kinds in declaration order: the card kinds in card order (0-18), then the
/// kinds of what a pick does.
const FEED: usize = NUM_KINDS;
const FEED_LEADER: usize = NUM_KINDS + 1;
const PASS: usize = NUM_KINDS + 2;
const BONUS_ROLL: usize = NUM_KINDS + 3;
const FILL_PILE: usize = NUM_KINDS + 4;
const SLOTS: usize = NUM_KINDS + 5;

/// A slot the rules leave undeclared.
const NONE: u8 = u8::MAX;

/// The plain 7 and the Golden 7 (both score on a 7, DZ-1).
const SEVEN: Card = Card::number(7);

/// Each slot's declared index (or [`NONE`]), for one rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindIndex {
    index: [u8; SLOTS],
}

impl KindIndex {
    /// Every slot, in order, declared unless it is a card kind the deck has no copies of.
    pub fn new(copies: &[u8; NUM_KINDS]) -> Self {
        let mut index = [NONE; SLOTS];
        let mut next = 0u8;
        for (slot, i) in index.iter_mut().enumerate() {
            if slot >= NUM_KINDS || copies[slot] > 0 {
                *i = next;
                next += 1;
            }
        }
        Self { index }
    }

    /// `set` with slot `slot`'s kind, if declared.
    #[inline]
    fn add(&self, set: KindSet, slot: usize) -> KindSet {
        match self.index[slot] {
            NONE => set,
            i => set.with(i as usize),
        }
    }
}

/// Slot `slot`'s kind, in the rulebook's words.
fn slot_kind(slot: usize) -> OptionKind {
    match slot {
        FEED => OptionKind::new("feed", "pick a number only other players hold"),
        FEED_LEADER => OptionKind::new(
            "feed_leader",
            "pick a number the player who's winning holds (\"Don't let the player who's \
             winning add cards\")",
        ),
        PASS => {
            OptionKind::new("pass", "pick nothing on the 2nd or 3rd roll").with_lever("pass_rule")
        }
        BONUS_ROLL => OptionKind::new(
            "bonus_roll",
            "pick a number in your hand on the 3rd roll (earn the Bonus Roll)",
        ),
        FILL_PILE => OptionKind::new(
            "fill_pile",
            "pick a number that brings your points pile to 10 cards (a team's to 20): the round \
             ends, +10 to the most cards",
        )
        .with_lever("round_bonus"),
        _ => card_kind(Card(slot as u8)),
    }
}

/// The kind of taking (a number card) or playing (an action card) `card`.
fn card_kind(card: Card) -> OptionKind {
    let key = card.key();
    let lever = format!("value_{key}");
    let (id, words) = match (card.value_number(), card.action()) {
        (Some(_), _) if card == Card::GOLDEN_7 => {
            (key.to_string(), "pick 7 and add your Golden 7 to your points pile".to_string())
        }
        (Some(7), _) => (
            format!("value_{key}"),
            "pick 7 and add your (plain) 7s to your points pile".to_string(),
        ),
        (Some(n), _) => {
            (format!("value_{key}"), format!("pick {n} and add your {n}s to your points pile"))
        }
        (None, Some(action)) => {
            let words = match action {
                ActionCard::Skull => "play a Skull (-5 in your points pile)",
                ActionCard::Clock => "play a Clock (every player passes their hand to the left)",
                ActionCard::Jackpot => "play a Jackpot (name a number, roll one die: +15 if right)",
                ActionCard::RollOff => {
                    "play a Roll-Off (you and the player on your left roll for the card)"
                }
                ActionCard::BoostEm => {
                    "play Boost 'em (the player(s) in last place add the roll of 2 dice)"
                }
                ActionCard::BunkEm => {
                    "play Bunk 'em (the player(s) in first place subtract the roll of 2 dice)"
                }
            };
            let words = format!("{words}, first of several action cards waiting (DZ-4)");
            return match action {
                ActionCard::Jackpot => OptionKind::new(key, words).with_lever("jackpot_points"),
                _ => OptionKind::new(key, words).with_lever(lever),
            };
        }
        (None, None) => unreachable!("a card is a number or an action card"),
    };
    OptionKind::new(id, words).with_lever(lever)
}

impl Dardz {
    /// The declared kinds, in index order (see the module's header).
    pub(super) fn declared_kinds(&self) -> Vec<OptionKind> {
        (0..SLOTS).filter(|&slot| self.kinds.index[slot] != NONE).map(slot_kind).collect()
    }

    /// The kinds of legal action `a` of the roller: a lookup for action cards, a few mask
    /// tests and at most two short loops over hands for picks. Everything it reads is face
    /// up (DARDZ hides nothing).
    pub(super) fn kinds_of(&self, s: &DardzState, a: DardzAction) -> KindSet {
        let k = &self.kinds;
        match a {
            DardzAction::Play(card) => k.add(KindSet::EMPTY, card.card().index()),
            DardzAction::Pass => k.add(KindSet::EMPTY, PASS),
            DardzAction::Guess(_) => KindSet::EMPTY,
            DardzAction::Pick(n) => self.pick_kinds(s, n),
        }
    }

    fn pick_kinds(&self, s: &DardzState, n: u8) -> KindSet {
        let k = &self.kinds;
        let roller = s.roller as usize;
        let partner = self.partner(s, roller);
        let b = bit(n);
        let mut set = KindSet::EMPTY;
        if self.side_numbers(s, roller) & b != 0 {
            // The side's cards of the number go to its piles (on every roll: the Bonus Roll
            // takes only the side's, the others everyone's).
            let (mut plain, mut golden, mut gained) = (false, false, 0u32);
            for seat in [roller, partner] {
                for &card in s.hands[seat].cards() {
                    let hit = NUMBER_BIT[card.index()] == b;
                    gained += hit as u32;
                    golden |= hit && card == Card::GOLDEN_7;
                    plain |= hit && card != Card::GOLDEN_7;
                }
                if partner == roller {
                    break;
                }
            }
            if n == 7 {
                if plain {
                    set = k.add(set, SEVEN.index());
                }
                if golden {
                    set = k.add(set, Card::GOLDEN_7.index());
                }
            } else {
                set = k.add(set, Card::number(n).index());
            }
            if self.side_pile(s, roller) + gained >= self.side_target() {
                set = k.add(set, FILL_PILE);
            }
        } else {
            set = k.add(set, FEED);
        }
        // DZ-17: only the roller's own hand earns the Bonus Roll.
        if s.stage == Stage::Roll3 && s.hands[roller].numbers() & b != 0 {
            set = k.add(set, BONUS_ROLL);
        }
        if s.stage != Stage::Bonus && self.feeds_leader(s, roller, b) {
            set = k.add(set, FEED_LEADER);
        }
        set
    }

    /// Whether a seat outside the roller's side, with the top score and ahead of the roller,
    /// holds the number `b` (and so adds cards if it is picked).
    fn feeds_leader(&self, s: &DardzState, roller: usize, b: u16) -> bool {
        let scores = &s.scores[..s.players()];
        let top = scores.iter().copied().max().unwrap_or(0);
        if top <= scores[roller] {
            return false;
        }
        let side = self.side_mask(s, roller);
        (0..s.players())
            .any(|i| side >> i & 1 == 0 && scores[i] == top && s.hands[i].numbers() & b != 0)
    }
}
