//! Pride & Preju-Dice's rule parameters. The sheet's layout and every point value live in the
//! sheet file (`sheet`, see [`super::sheet`]); the dice flow's variants are parameters here.
//! Origins: `Found` for the seed's words, `Default` for RULINGS' defaults (PP-17, PP-18),
//! `Engine` for the turn cap (G-2). `configs/pride-prejudice.toml` lists them all.

crate::param_enum!(
    /// PP-17: what the solo player's first pick of the 5 dice may be.
    SoloPick {
        AnyTwo = "any_two",
        WhiteAndColoured = "white_and_coloured"
    }
);

crate::param_enum!(
    /// PP-18: when everyone chooses from the same five dice at once.
    AllAtOnce {
        FromSixPlayers = "from_six_players",
        Always = "always",
        Never = "never"
    }
);

crate::rule_params! {
    /// Pride & Preju-Dice's parameters (seed 003, RULINGS PP-1 to PP-26).
    pub struct PrideRules {
        /// The sheet file (layout, icons, tracks and every point value): `builtin` for the
        /// default `configs/pride-prejudice/sheet.toml` built into the binary, or a path.
        sheet: String = "builtin".to_string(), Default, "builtin or the path of a sheet file",
            |v: &String| !v.is_empty();
        /// PP-17: the solo game's first pick: `any_two` of the 5 dice, or
        /// `white_and_coloured` as the starting player picks.
        solo_first_pick: SoloPick = SoloPick::AnyTwo, Default,
            "any_two or white_and_coloured", |_| true;
        /// PP-18: everyone picks 1 white + 1 coloured die and a chaperone die from the same
        /// roll at once: `from_six_players` (the seed: "6 or more players"), `always`, `never`.
        all_at_once: AllAtOnce = AllAtOnce::FromSixPlayers, Found,
            "from_six_players, always or never", |_| true;
        /// Rounds after which the match ends capped, with no winner (G-2).
        turn_cap: u32 = 200, Engine, "1 to 10000", |v: &u32| (1..=10_000).contains(v);
    }
    validate(r) {
        super::layout::load(&r.sheet).map(|_| ())
    }
}
