//! LOVE ACTUALLY's rule parameters (seed 000, RULINGS LA-1 to LA-49). The cards themselves
//! (names, colours, sets, abilities) are data ([`super::cards`]), named by `cards`; every
//! other number the rules state is a parameter here. Origins: `Found` for the seed's own
//! numbers, `Default` for RULINGS' defaults, `Engine` for the turn cap (G-2).

crate::rule_params! {
    /// LOVE ACTUALLY's parameters, with checks across them (the card file among them).
    pub struct LoveRules {
        /// The card data: `default` (configs/love-actually/cards.toml, built in) or the path
        /// of a card file (LA-1, LA-2, LA-48).
        cards: String = "default".to_string(), Default, "default or a card file path",
            |v: &String| !v.trim().is_empty();
        /// Cards dealt to each player and the size hands are drawn back to ("deal out 4").
        hand_size: u8 = 4, Found, "1 to 5", |v: &u8| (1..=5).contains(v);
        /// A score that triggers the end ("a player has reached 20 points", LA-6).
        end_score: i32 = 20, Found, "1 to 1000", |v: &i32| (1..=1000).contains(v);
        /// Points of a relationship bonus tile (LA-4).
        tile_points: i32 = 3, Default, "0 to 100", |v: &i32| (0..=100).contains(v);
        /// A relationship track at this value claims its tile (LA-4, LA-20).
        tile_threshold: u8 = 3, Default, "1 to 50", |v: &u8| (1..=50).contains(v);
        /// Extra points for scoring both of Karen's sets at once ("+2 POINTS", LA-46).
        double_bonus: i32 = 2, Found, "0 to 100", |v: &i32| (0..=100).contains(v);
        /// Points for Harry's black card ("+2 POINTS", LA-37).
        discard_black_points: i32 = 2, Found, "0 to 100", |v: &i32| (0..=100).contains(v);
        /// Points for Aurelia's "didn't ask" ("+2 POINTS", LA-41).
        no_ask_points: i32 = 2, Found, "0 to 100", |v: &i32| (0..=100).contains(v);
        /// Player turns after which the match ends capped, with no winner (G-2).
        turn_cap: u32 = 1000, Engine, "1 to 60000", |v: &u32| (1..=60_000).contains(v);
    }
    validate(r) {
        let deck = super::cards::load(&r.cards)?;
        // Five hands must be dealt from the deck with a card left to draw.
        let dealt = super::state::SEATS * r.hand_size as usize;
        if deck.cards.len() <= dealt {
            return Err(format!(
                "cards file {}: {} cards; 5 hands of hand_size = {} need more than {dealt}",
                r.cards,
                deck.cards.len(),
                r.hand_size
            ));
        }
        Ok(())
    }
}
