//! LOVE ACTUALLY's card data: the 27 cards with their colours, printed sets and abilities,
//! loaded from a TOML file (default `configs/love-actually/cards.toml`, built into the
//! binary) and checked, then compiled into the masks the engine plays with: one bit per
//! card, one scoring option per distinct (cards, points, relationship) (LA-32), Karen's
//! double as one more option (LA-46).
//!
//! A file that contradicts itself (a partner that is not a card, a set without partners, an
//! unknown colour, relationship or ability, a duplicate name) is refused with one line
//! naming the file and the card.

/// The number of cards the engine supports (a hand is a `u32` bit set).
pub const MAX_CARDS: usize = 32;
/// The most scoring options the engine supports.
pub const MAX_OPTIONS: usize = 32;

/// The four relationships (tracks and bonus tiles, LA-4).
pub const RELATIONSHIPS: [&str; 4] = ["romance", "friendship", "professional", "family"];
/// The askable colours (LA-27, LA-48).
pub const COLOURS: [&str; 4] = ["red", "blue", "pink", "black"];
/// The colour that Step 3 cannot discard (LA-12) and Harry dumps (LA-37).
pub const BLACK: u8 = 3;

/// What choosing a card's ability does (LA-8, LA-31).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ability {
    /// Blank text (Rufus, Sarah).
    None,
    /// POTUS: may be handed over for David or Natalie (LA-36); nothing when chosen.
    PotusPass,
    /// Harry: discard a black card from hand for points (LA-37).
    DiscardBlack,
    /// Daisy, Bernard: the co-claim of their pair (LA-9, LA-29); nothing when chosen.
    CoClaim,
    /// Karen: both of the card's sets at once (LA-46); nothing when chosen.
    DoubleSets,
    /// Mia: give a card, the target discards one at random (LA-38).
    GiveRandomDiscard,
    /// David: ask every player for a name (LA-11).
    AskEveryone,
    /// Natalie: the neighbours expose a card to the scorer (LA-17).
    NeighboursExpose,
    /// Johanna, Sam, Daniel: take cards from the discard pile, shown or not (LA-19, LA-42).
    TakeDiscards { take: u8, shown: bool },
    /// Juliet: a chosen player may ask only the scorer on its next turn (LA-11, LA-39).
    LockAsks,
    /// Peter, Karl: +1 on these tracks (a mask of relationships, LA-16).
    Tracks(u8),
    /// Joe, Billy: +1 on a track of the scorer's choice (LA-16).
    TrackAny,
    /// Mark, Judy, John: a chosen player shows its hand to the scorer.
    SeeHand,
    /// Jamie: a player gives a card that is not the named colour (LA-17).
    AskNotColour,
    /// Aurelia: points unless a Step 1 ask named Jamie or Aurelia (LA-41).
    NoAskBonus,
    /// Harriet, USA Girls: every holder puts in a card, dealt back at random (LA-45).
    ShuffleDeal,
    /// Colin: fill the hand, then every holder passes a card left (LA-43).
    FillPassLeft,
    /// Tony: two players swap a card (LA-18, LA-44).
    SwapTwo,
}

/// The ability keys a card file may use, in [`Ability`] order.
pub const ABILITY_KEYS: [&str; 18] = [
    "none",
    "potus_pass",
    "discard_black",
    "co_claim",
    "double_sets",
    "give_random_discard",
    "ask_everyone",
    "neighbours_expose",
    "take_discards",
    "lock_asks",
    "tracks",
    "track_any",
    "see_hand",
    "ask_not_colour",
    "no_ask_bonus",
    "shuffle_deal",
    "fill_pass_left",
    "swap_two",
];

/// One card.
#[derive(Clone, Debug, PartialEq)]
pub struct CardDef {
    pub name: String,
    pub colour: u8,
    pub ability: Ability,
    /// The sets printed on it: (points, relationship, partners as a card mask).
    pub sets: Vec<(i32, u8, u32)>,
}

/// One way to score (LA-32): the cards, the points and the tracks it moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SetOption {
    pub mask: u32,
    pub points: i32,
    /// The relationship of a plain set; for Karen's double, the first set's.
    pub rel: u8,
    /// +1 per set on each track (Karen's double moves one track per set, LA-46).
    pub tracks: [u8; 4],
    /// Karen's double (LA-46).
    pub double: bool,
    /// The cards this set is printed on.
    pub printed_on: u32,
}

/// The compiled card data.
#[derive(Clone, Debug, PartialEq)]
pub struct Deck {
    pub cards: Vec<CardDef>,
    pub options: Vec<SetOption>,
    /// Cards of each colour.
    pub colour_mask: [u32; 4],
    /// Cards answering a relationship ask: a set printed on them has it (LA-28).
    pub rel_mask: [u32; 4],
    /// All cards.
    pub all: u32,
    /// Options containing each card.
    pub options_of: Vec<u64>,
    /// For a `potus_pass` card, the cards it may be handed over for (LA-36); 0 otherwise.
    pub passes_for: Vec<u32>,
}

fn rel_index(s: &str) -> Option<u8> {
    RELATIONSHIPS.iter().position(|&r| r == s).map(|i| i as u8)
}

fn ability_from(key: &str, row: &toml::Table) -> Result<Ability, String> {
    Ok(match key {
        "none" => Ability::None,
        "potus_pass" => {
            if row.get("passes_for").and_then(|v| v.as_array()).is_none_or(|a| a.is_empty()) {
                return Err("potus_pass needs `passes_for` = a list of card names".into());
            }
            Ability::PotusPass
        }
        "discard_black" => Ability::DiscardBlack,
        "co_claim" => Ability::CoClaim,
        "double_sets" => Ability::DoubleSets,
        "give_random_discard" => Ability::GiveRandomDiscard,
        "ask_everyone" => Ability::AskEveryone,
        "neighbours_expose" => Ability::NeighboursExpose,
        "take_discards" => {
            let take = row
                .get("take")
                .and_then(|v| v.as_integer())
                .filter(|t| (1..=27).contains(t))
                .ok_or("take_discards needs `take` = 1 to 27")?;
            let shown = row
                .get("shown")
                .and_then(|v| v.as_bool())
                .ok_or("take_discards needs `shown` = true or false")?;
            Ability::TakeDiscards { take: take as u8, shown }
        }
        "lock_asks" => Ability::LockAsks,
        "tracks" => {
            let list = row
                .get("tracks")
                .and_then(|v| v.as_array())
                .filter(|a| !a.is_empty())
                .ok_or("tracks needs `tracks` = a list of relationships")?;
            let mut mask = 0u8;
            for t in list {
                let r = t.as_str().and_then(rel_index).ok_or_else(|| {
                    format!("unknown track {t}; allowed: {}", RELATIONSHIPS.join(", "))
                })?;
                mask |= 1 << r;
            }
            Ability::Tracks(mask)
        }
        "track_any" => Ability::TrackAny,
        "see_hand" => Ability::SeeHand,
        "ask_not_colour" => Ability::AskNotColour,
        "no_ask_bonus" => Ability::NoAskBonus,
        "shuffle_deal" => Ability::ShuffleDeal,
        "fill_pass_left" => Ability::FillPassLeft,
        "swap_two" => Ability::SwapTwo,
        other => {
            return Err(format!("unknown ability `{other}`; allowed: {}", ABILITY_KEYS.join(", ")));
        }
    })
}

/// Parse and check card data; `file` names the source in errors. The error is one line.
pub fn parse(file: &str, text: &str) -> Result<Deck, String> {
    let table: toml::Table = toml::from_str(text).map_err(|e| {
        format!("cards file {file}: not valid TOML: {}", e.message().lines().next().unwrap_or(""))
    })?;
    let rows = table
        .get("card")
        .and_then(|v| v.as_array())
        .ok_or_else(|| format!("cards file {file}: needs [[card]] entries"))?;
    if rows.len() < 2 || rows.len() > MAX_CARDS {
        return Err(format!(
            "cards file {file}: has {} cards; allowed 2 to {MAX_CARDS}",
            rows.len()
        ));
    }
    // Names first, so that partners can be checked against every card.
    let mut names: Vec<String> = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let name = row
            .get("name")
            .and_then(|v| v.as_str())
            .filter(|n| !n.trim().is_empty())
            .ok_or_else(|| format!("cards file {file}: card #{} has no `name`", i + 1))?;
        if names.iter().any(|n| n == name) {
            return Err(format!("cards file {file}: card `{name}`: duplicate name"));
        }
        names.push(name.to_string());
    }
    let mut cards = Vec::new();
    let mut passes_for = Vec::new();
    for (row, name) in rows.iter().zip(&names) {
        let fail = |what: String| format!("cards file {file}: card `{name}`: {what}");
        let row = row.as_table().ok_or_else(|| fail("must be a table".into()))?;
        for key in row.keys() {
            if !["name", "colour", "ability", "take", "shown", "tracks", "passes_for", "set"]
                .contains(&key.as_str())
            {
                return Err(fail(format!(
                    "unknown field `{key}`; fields: name, colour, ability, take, shown, tracks, passes_for, set"
                )));
            }
        }
        let colour = row
            .get("colour")
            .and_then(|v| v.as_str())
            .and_then(|c| COLOURS.iter().position(|&k| k == c))
            .ok_or_else(|| fail(format!("`colour` must be one of {}", COLOURS.join(", "))))?
            as u8;
        let ability_key = row
            .get("ability")
            .and_then(|v| v.as_str())
            .ok_or_else(|| fail(format!("`ability` must be one of {}", ABILITY_KEYS.join(", "))))?;
        let ability = ability_from(ability_key, row).map_err(fail)?;
        let mut sets = Vec::new();
        if let Some(list) = row.get("set") {
            let list = list.as_array().ok_or_else(|| fail("`set` must be [[card.set]]".into()))?;
            for (j, set) in list.iter().enumerate() {
                let at = |what: String| fail(format!("set {}: {what}", j + 1));
                let points = set
                    .get("points")
                    .and_then(|v| v.as_integer())
                    .filter(|p| (0..=100).contains(p))
                    .ok_or_else(|| at("`points` must be 0 to 100".into()))?;
                let rel = set
                    .get("relationship")
                    .and_then(|v| v.as_str())
                    .and_then(rel_index)
                    .ok_or_else(|| {
                        at(format!("`relationship` must be one of {}", RELATIONSHIPS.join(", ")))
                    })?;
                let partners = set
                    .get("partners")
                    .and_then(|v| v.as_array())
                    .filter(|a| !a.is_empty())
                    .ok_or_else(|| at("needs `partners` (at least one card)".into()))?;
                let mut mask = 0u32;
                for p in partners {
                    let pname = p.as_str().unwrap_or("");
                    let k = names
                        .iter()
                        .position(|n| n == pname)
                        .ok_or_else(|| at(format!("partner {p} is not a card")))?;
                    if k == cards.len() || mask & (1 << k) != 0 {
                        return Err(at(format!("partner {p} is the card itself or repeated")));
                    }
                    mask |= 1 << k;
                }
                sets.push((points as i32, rel, mask));
            }
        }
        if ability == Ability::DoubleSets && sets.len() < 2 {
            return Err(fail("double_sets needs at least two sets".into()));
        }
        let mut passes = 0u32;
        if let Some(list) = row.get("passes_for").and_then(|v| v.as_array()) {
            for p in list {
                let k = names
                    .iter()
                    .position(|n| Some(n.as_str()) == p.as_str())
                    .ok_or_else(|| fail(format!("passes_for {p} is not a card")))?;
                passes |= 1 << k;
            }
        }
        passes_for.push(passes);
        cards.push(CardDef { name: name.clone(), colour, ability, sets });
    }
    let mut deck = compile(cards).map_err(|e| format!("cards file {file}: {e}"))?;
    deck.passes_for = passes_for;
    Ok(deck)
}

/// The masks and scoring options of checked cards.
fn compile(cards: Vec<CardDef>) -> Result<Deck, String> {
    let n = cards.len();
    let mut options: Vec<SetOption> = Vec::new();
    let mut colour_mask = [0u32; 4];
    let mut rel_mask = [0u32; 4];
    for (c, card) in cards.iter().enumerate() {
        colour_mask[card.colour as usize] |= 1 << c;
        for &(points, rel, partners) in &card.sets {
            rel_mask[rel as usize] |= 1 << c;
            let mask = partners | 1 << c;
            match options
                .iter_mut()
                .find(|o| !o.double && o.mask == mask && o.points == points && o.rel == rel)
            {
                Some(o) => o.printed_on |= 1 << c,
                None => {
                    let mut tracks = [0; 4];
                    tracks[rel as usize] = 1;
                    options.push(SetOption {
                        mask,
                        points,
                        rel,
                        tracks,
                        double: false,
                        printed_on: 1 << c,
                    });
                }
            }
        }
    }
    for (c, card) in cards.iter().enumerate() {
        if card.ability == Ability::DoubleSets {
            let mut tracks = [0; 4];
            let mut mask = 1 << c;
            let mut points = 0;
            for &(p, rel, partners) in &card.sets {
                tracks[rel as usize] += 1;
                mask |= partners;
                points += p;
            }
            options.push(SetOption {
                mask,
                points,
                rel: card.sets[0].1,
                tracks,
                double: true,
                printed_on: 1 << c,
            });
        }
    }
    if options.len() > MAX_OPTIONS {
        return Err(format!("{} scoring options; at most {MAX_OPTIONS}", options.len()));
    }
    let options_of = (0..n)
        .map(|c| {
            options
                .iter()
                .enumerate()
                .filter(|(_, o)| o.mask & (1 << c) != 0)
                .fold(0u64, |m, (i, _)| m | 1 << i)
        })
        .collect();
    Ok(Deck {
        cards,
        options,
        colour_mask,
        rel_mask,
        all: if n == 32 { u32::MAX } else { (1u32 << n) - 1 },
        options_of,
        passes_for: Vec::new(),
    })
}

/// The built-in card data.
pub const DEFAULT_CARDS: &str = include_str!("../../../configs/love-actually/cards.toml");

/// The card data a `cards` parameter names: `default` for the built-in file, else a path.
pub fn load(source: &str) -> Result<Deck, String> {
    if source == "default" {
        return parse("configs/love-actually/cards.toml (built in)", DEFAULT_CARDS);
    }
    let text = std::fs::read_to_string(source)
        .map_err(|e| format!("cards file {source}: cannot read: {e}"))?;
    parse(source, &text)
}
