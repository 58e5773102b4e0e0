//! LOVE ACTUALLY's option kinds: the choices a designer asks about ("does scoring the
//! Johanna-Sam romance win games?", "is Harry's ability worth picking?", "should I keep a
//! complete set for later?"), for the option table and the `prefer:` probe bots.
//!
//! How the choices are grouped, and why:
//! - **Scoring a set**, one kind per scoring option of the card data (LA-32: a distinct
//!   cards, points and relationship, so Joe-Billy is two; Karen's double one more, LA-46),
//!   whether scored in Step 2 or claimed with "Actually!" (LA-9): the set is what the
//!   designer prices, by its points in the card file. Ids follow the `set_...` columns of
//!   `metrics.csv`.
//! - **Playing a card's ability**, one kind per card (LA-8, LA-31: the scorer picks one card
//!   of the set), ids as the `ability_...` columns. The few abilities whose strength is a rule
//!   parameter name it as their lever (Harry `discard_black_points`, Aurelia
//!   `no_ask_points`, Karen `double_bonus`). A set's points and every other ability are card
//!   data (`cards`, a file), with no parameter a sweep could vary one value of.
//! - **Step 1** (LA-7, LA-23): taking the discard top, asking by name, relationship or
//!   colour, and naming the very card that completes a set in hand (a Step 1 or David's ask).
//! - **Step 2 and "Actually!"**: keeping a complete set for later (LA-15) and claiming a
//!   discard (LA-9).
//! - **The other questions the rules ask**: which colour to discard in Step 3 (black never,
//!   LA-12), handing over POTUS in place of a name (LA-36), aiming an ability at the leading
//!   opponent, Tony swapping with himself (LA-18), and Joe's or Billy's +1 on the track that
//!   reaches its bonus tile (LA-4, LA-16). Which card to hand over, expose or pass, the order
//!   of scored cards onto the pile and which card to take from it stay unclassified: they
//!   are chosen from a hidden or shifting set of cards with no rule-level meaning to group by.
//!
//! Layout: the fixed kinds at the `const` indices below, then one kind per scoring option
//! ([`Love::set_kind`]), then one per card ([`Love::ability_kind`]). Classifying an action
//! reads only the seat to move's own hand and public facts (scores, tracks, tiles, the
//! ask in progress), so a determinized view gives the same kinds.

use crate::core::{KindSet, OptionKind};

use super::cards::{BLACK, RELATIONSHIPS};
use super::state::{NONE, bit, cards_of};
use super::{Ability, AskCtx, AskKind, Love, LoveAction, LoveState, Phase};

pub const TAKE_TOP: usize = 0;
pub const ASK_NAME: usize = 1;
pub const ASK_RELATIONSHIP: usize = 2;
pub const ASK_COLOUR: usize = 3;
pub const ASK_MISSING_CARD: usize = 4;
pub const KEEP_SET: usize = 5;
pub const ACTUALLY: usize = 6;
pub const POTUS_STANDS_IN: usize = 7;
/// `discard_red`, `discard_blue`, `discard_pink`: at `DISCARD_RED + colour` (black is never
/// discarded in Step 3, LA-12).
pub const DISCARD_RED: usize = 8;
pub const TARGET_LEADER: usize = 11;
pub const SWAP_WITH_SELF: usize = 12;
pub const TRACK_TO_TILE: usize = 13;
/// The number of fixed kinds; the sets and the abilities follow.
pub const FIXED: usize = 14;

/// The fixed kinds in index order: id, words, lever.
const FIXED_KINDS: [(&str, &str, Option<&str>); FIXED] = [
    ("take_top", "take the discard pile's top card in Step 1 (LA-7)", None),
    ("ask_name", "ask a player for a name in Step 1 (LA-7)", None),
    ("ask_relationship", "ask a player for a relationship in Step 1 (LA-7, LA-28)", None),
    ("ask_colour", "ask a player for a colour in Step 1 (LA-7, LA-27)", None),
    (
        "ask_missing_card",
        "name the card that completes a set in your hand (a Step 1 or David's ask)",
        None,
    ),
    ("keep_set", "score nothing though a set is complete, keeping it for later (LA-15)", None),
    ("actually", "call \"Actually!\" and claim a discarded card for a set (LA-9)", None),
    ("potus_stands_in", "hand over {cards} instead of the name asked for (LA-36)", None),
    ("discard_red", "discard a red card in Step 3", None),
    ("discard_blue", "discard a blue card in Step 3", None),
    ("discard_pink", "discard a pink card in Step 3", None),
    ("target_leader", "aim an ability at the highest-scoring other player ({cards})", None),
    ("swap_with_self", "be one of the two players who swap a card ({cards}, LA-18, LA-44)", None),
    (
        "track_to_tile",
        "+1 on the track that reaches its unclaimed bonus tile ({cards}, LA-4, LA-16)",
        Some("tile_points"),
    ),
];

/// A card name as part of a kind id: lower-case letters and digits, anything else `_`.
pub(super) fn id_part(name: &str) -> String {
    let mut out = String::new();
    for ch in name.chars().flat_map(char::to_lowercase) {
        if ch.is_ascii_lowercase() || ch.is_ascii_digit() {
            out.push(ch);
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    let out = out.trim_end_matches('_').to_string();
    if out.is_empty() { "card".to_string() } else { out }
}

impl Love {
    /// The index of the kind "score scoring option `o`".
    pub fn set_kind(&self, o: usize) -> usize {
        FIXED + o
    }

    /// The index of the kind "play card `c`'s ability".
    pub fn ability_kind(&self, c: u8) -> usize {
        FIXED + self.deck.options.len() + c as usize
    }

    /// What choosing card `c`'s ability does, in a few words, and its lever.
    pub(super) fn ability_words(&self, c: usize) -> (String, Option<&'static str>) {
        let r = &self.rules;
        match self.deck.cards[c].ability {
            Ability::None => ("no ability".into(), None),
            Ability::PotusPass => {
                ("nothing when chosen; may be handed over for another name".into(), None)
            }
            Ability::DiscardBlack => (
                format!("discard a black card for +{} points", r.discard_black_points),
                Some("discard_black_points"),
            ),
            Ability::CoClaim => ("nothing when chosen; co-scores its pair on a claim".into(), None),
            Ability::DoubleSets => (
                format!("nothing when chosen; both its sets at once score +{}", r.double_bonus),
                Some("double_bonus"),
            ),
            Ability::GiveRandomDiscard => {
                ("give a player a card, then it discards one at random".into(), None)
            }
            Ability::AskEveryone => ("ask every player for a name".into(), None),
            Ability::NeighboursExpose => ("the players either side show you a card".into(), None),
            Ability::TakeDiscards { take, shown } => (
                format!(
                    "take {take} card{} from the discard pile, {}",
                    if take == 1 { "" } else { "s" },
                    if shown { "shown" } else { "face down" }
                ),
                None,
            ),
            Ability::LockAsks => ("a player may ask only you on its next turn".into(), None),
            Ability::Tracks(mask) => {
                let tracks: Vec<&str> =
                    (0..4).filter(|t| mask & 1 << t != 0).map(|t| RELATIONSHIPS[t]).collect();
                let s = if tracks.len() == 1 { "" } else { "s" };
                (format!("+1 on the {} track{s}", tracks.join(" and ")), None)
            }
            Ability::TrackAny => ("+1 on a track of your choice".into(), None),
            Ability::SeeHand => ("see a player's hand".into(), None),
            Ability::AskNotColour => {
                ("a player gives you a card not of the colour you name".into(), None)
            }
            Ability::NoAskBonus => (
                format!("+{} points if you asked nobody for Jamie or Aurelia", r.no_ask_points),
                Some("no_ask_points"),
            ),
            Ability::ShuffleDeal => {
                ("every player puts in a card, shuffled and dealt back".into(), None)
            }
            Ability::FillPassLeft => {
                (format!("draw to {}, then everyone passes a card left", r.hand_size), None)
            }
            Ability::SwapTwo => ("two players swap a card".into(), None),
        }
    }

    pub(super) fn kind_list(&self) -> Vec<OptionKind> {
        // The cards whose abilities ask a fixed kind's question, named in its words.
        let cards_with = |has: fn(Ability) -> bool| -> String {
            let names: Vec<&str> = (self.deck.cards.iter())
                .filter(|c| has(c.ability))
                .map(|c| c.name.as_str())
                .collect();
            if names.is_empty() { "no card".to_string() } else { names.join(", ") }
        };
        let mut kinds: Vec<OptionKind> = FIXED_KINDS
            .iter()
            .enumerate()
            .map(|(i, &(id, words, lever))| {
                let has: Option<fn(Ability) -> bool> = match i {
                    POTUS_STANDS_IN => Some(|a| a == Ability::PotusPass),
                    TARGET_LEADER => Some(|a| {
                        matches!(
                            a,
                            Ability::GiveRandomDiscard
                                | Ability::LockAsks
                                | Ability::SeeHand
                                | Ability::AskNotColour
                        )
                    }),
                    SWAP_WITH_SELF => Some(|a| a == Ability::SwapTwo),
                    TRACK_TO_TILE => Some(|a| a == Ability::TrackAny),
                    _ => None,
                };
                let words = match has {
                    Some(has) => words.replace("{cards}", &cards_with(has)),
                    None => words.to_string(),
                };
                let k = OptionKind::new(id, words);
                k.with_lever_if(lever)
            })
            .collect();
        let push = |kinds: &mut Vec<OptionKind>, mut k: OptionKind| {
            // Two card names may read the same once reduced to an id: number the second.
            if kinds.iter().any(|o| o.id == k.id) {
                k.id = format!("{}_{}", k.id, kinds.len());
            }
            kinds.push(k);
        };
        let card_name = |c: u8| self.deck.cards[c as usize].name.as_str();
        for opt in &self.deck.options {
            let k = if opt.double {
                let owner = card_name(opt.printed_on.trailing_zeros() as u8);
                OptionKind::new(
                    format!("set_double_{}", id_part(owner)),
                    format!(
                        "score both of {owner}'s sets at once ({} points, LA-46)",
                        opt.points + self.rules.double_bonus
                    ),
                )
                .with_lever("double_bonus")
            } else {
                let names: Vec<&str> = cards_of(opt.mask).map(card_name).collect();
                let parts: Vec<String> = names.iter().map(|n| id_part(n)).collect();
                let rel = RELATIONSHIPS[opt.rel as usize];
                OptionKind::new(
                    format!("set_{}_{}_{rel}", parts.join("_"), opt.points),
                    format!("score the {} {rel} ({} points)", names.join("-"), opt.points),
                )
            };
            push(&mut kinds, k);
        }
        for (c, card) in self.deck.cards.iter().enumerate() {
            let (what, lever) = self.ability_words(c);
            let mut k = OptionKind::new(
                format!("ability_{}", id_part(&card.name)),
                format!("play {} (ability: {what})", card.name),
            );
            if let Some(p) = lever {
                k = k.with_lever(p);
            }
            push(&mut kinds, k);
        }
        kinds
    }

    pub(super) fn kinds_of(&self, s: &LoveState, a: LoveAction) -> KindSet {
        use LoveAction as A;
        let me = s.actor;
        let hand = s.hands[me as usize];
        match (s.phase, a) {
            (Phase::Step1, A::TakeTop) => KindSet::one(TAKE_TOP),
            (Phase::AskKind, A::Kind(k)) => KindSet::one(match k {
                AskKind::Name => ASK_NAME,
                AskKind::Relationship => ASK_RELATIONSHIP,
                AskKind::Colour => ASK_COLOUR,
            }),
            (Phase::AskValue, A::Value(v)) if s.ask_kind == AskKind::Name => {
                let completes =
                    self.completed_among(hand | bit(v), self.deck.options_of[v as usize]);
                if hand & bit(v) == 0 && completes != 0 {
                    KindSet::one(ASK_MISSING_CARD)
                } else {
                    KindSet::EMPTY
                }
            }
            (Phase::Step2, A::Score(o)) => KindSet::one(self.set_kind(o as usize)),
            (Phase::Step2, A::Skip) if self.completed_options(hand) != 0 => KindSet::one(KEEP_SET),
            (Phase::Window, A::Claim(o)) => KindSet::one(self.set_kind(o as usize)).with(ACTUALLY),
            (Phase::ChooseAbility, A::Ability(c)) => KindSet::one(self.ability_kind(c)),
            (Phase::Respond, A::Hand(c))
                if s.ask_ctx != AskCtx::Jamie
                    && s.ask_kind == AskKind::Name
                    && c != s.ask_value =>
            {
                KindSet::one(POTUS_STANDS_IN)
            }
            (Phase::Discard, A::Discard(c)) => {
                let colour = self.deck.cards[c as usize].colour;
                if colour == BLACK {
                    KindSet::EMPTY
                } else {
                    KindSet::one(DISCARD_RED + colour as usize)
                }
            }
            (Phase::ChooseSeat, A::Choose(t)) => {
                let best = (0..s.players)
                    .filter(|&w| w != me)
                    .map(|w| s.scores[w as usize])
                    .max()
                    .unwrap_or(i32::MIN);
                if s.scores[t as usize] == best {
                    KindSet::one(TARGET_LEADER)
                } else {
                    KindSet::EMPTY
                }
            }
            (Phase::TonyPair, A::Pair(x, y)) if x == me || y == me => KindSet::one(SWAP_WITH_SELF),
            (Phase::ChooseTrack, A::Track(r)) => {
                let track = s.tracks[me as usize][r as usize];
                let threshold = self.rules.tile_threshold;
                if s.tile_owner[r as usize] == NONE && track < threshold && track + 1 >= threshold {
                    KindSet::one(TRACK_TO_TILE)
                } else {
                    KindSet::EMPTY
                }
            }
            _ => KindSet::EMPTY,
        }
    }
}
