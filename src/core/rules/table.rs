//! Rule tables: a rule parameter that is a list of records (a game's cards with their
//! points, a sheet's puzzles), declared with [`rule_record!`](crate::rule_record) and held in
//! a [`Table`]. Every cell is typed and checked like a scalar parameter, carries the origin
//! of its row (FOUND/DEFAULT/REFERENCE/ENGINE), is listed by `arena games` and written to the
//! manifest, and is set from a rules file or `--set` with a one-line error naming the table,
//! the row, the field and what is allowed.
//!
//! A cell's key is `<table>.<row>.<field>` (`card_values.12.points`); a table may also give
//! its cells short names (DARDZ's `value_12`), which are then the names listed. In a rules
//! file a table is an array of tables, one per row to change, naming the row by its key
//! field:
//! ```toml
//! [[card_values]]
//! card = "12"
//! points = 8
//! ```

use std::fmt;

use super::Origin;

/// A record type whose fields are rule parameters; see [`rule_record!`](crate::rule_record).
pub trait Record: Clone + fmt::Debug + PartialEq + Send + Sync + 'static {
    /// The field that names a row (`card`); never changed by a rules file.
    const KEY_FIELD: &'static str;
    /// The value fields, in order.
    const FIELDS: &'static [&'static str];
    /// This row's name.
    fn row_key(&self) -> &str;
    /// A value field as text, `None` for an unknown field.
    fn get(&self, field: &str) -> Option<String>;
    /// What a field allows, in words.
    fn allowed(field: &str) -> Option<&'static str>;
    /// Set a value field; the error says what is allowed.
    fn set(&mut self, field: &str, value: &toml::Value) -> Result<(), String>;
}

/// Declares a record type for a [`Table`]: a key field naming the row, then for each value
/// field a doc comment, a type, what is allowed (in words) and the check.
///
/// ```
/// arena::rule_record! {
///     /// A card's points.
///     pub struct CardPoints {
///         key card;
///         /// Points in a points pile.
///         points: i32, "-100 to 100", |v: &i32| (-100..=100).contains(v);
///     }
/// }
/// use arena::core::rules::Record;
/// let mut row = CardPoints { card: "12".into(), points: 10 };
/// row.set("points", &toml::Value::Integer(8)).unwrap();
/// assert_eq!(row.points, 8);
/// assert!(row.set("points", &toml::Value::Integer(500)).unwrap_err().contains("-100 to 100"));
/// ```
#[macro_export]
macro_rules! rule_record {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            key $key:ident;
            $(
                $(#[doc = $doc:literal])*
                $field:ident : $ty:ty, $allowed:literal, $check:expr;
            )+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq)]
        pub struct $name {
            /// The row's name.
            pub $key: String,
            $( $(#[doc = $doc])* pub $field: $ty, )+
        }
        impl $crate::core::rules::Record for $name {
            const KEY_FIELD: &'static str = stringify!($key);
            const FIELDS: &'static [&'static str] = &[$(stringify!($field)),+];
            fn row_key(&self) -> &str {
                &self.$key
            }
            fn get(&self, field: &str) -> Option<String> {
                match field {
                    $( stringify!($field) => Some($crate::core::rules::ParamValue::show(&self.$field)), )+
                    _ => None,
                }
            }
            fn allowed(field: &str) -> Option<&'static str> {
                match field {
                    $( stringify!($field) => Some($allowed), )+
                    _ => None,
                }
            }
            fn set(&mut self, field: &str, value: &toml::Value) -> Result<(), String> {
                match field {
                    $(
                        stringify!($field) => {
                            let parsed = <$ty as $crate::core::rules::ParamValue>::from_toml(value)
                                .ok_or_else(|| format!(
                                    "must be {} ({}), got {}",
                                    <$ty as $crate::core::rules::ParamValue>::KIND, $allowed, value
                                ))?;
                            let check: fn(&$ty) -> bool = $check;
                            if !check(&parsed) {
                                return Err(format!("= {} is out of range: allowed {}", value, $allowed));
                            }
                            self.$field = parsed;
                            Ok(())
                        }
                    )+
                    _ => Err(format!(
                        "has no field `{}`; fields: {}",
                        field,
                        <Self as $crate::core::rules::Record>::FIELDS.join(", ")
                    )),
                }
            }
        }
    };
}

/// One row of a table with where its default comes from.
#[derive(Clone, Debug, PartialEq)]
struct TableRow<R> {
    record: R,
    default: R,
    origin: Origin,
    doc: &'static str,
}

/// A rule parameter that is a list of records with a fixed set of rows (every card of the
/// game), each cell settable.
#[derive(Clone, Debug)]
pub struct Table<R> {
    name: &'static str,
    rows: Vec<TableRow<R>>,
    /// Optional short cell names: `(row, field) -> key`.
    short: Option<fn(&str, &str) -> String>,
}

/// Two tables are equal when they hold the same rows (the cell naming is presentation).
impl<R: PartialEq> PartialEq for Table<R> {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name && self.rows == other.rows
    }
}

impl<R: Record> Table<R> {
    /// A table called `name` (its key in rules files) with its default rows: each record
    /// with its origin and what it is.
    pub fn new(name: &'static str, rows: Vec<(R, Origin, &'static str)>) -> Self {
        let rows = rows
            .into_iter()
            .map(|(record, origin, doc)| TableRow { default: record.clone(), record, origin, doc })
            .collect();
        Table { name, rows, short: None }
    }

    /// Name every cell `short(row, field)` instead of `<table>.<row>.<field>` (both are
    /// accepted when setting).
    pub fn with_short_keys(mut self, short: fn(&str, &str) -> String) -> Self {
        self.short = Some(short);
        self
    }

    /// The records, in row order.
    pub fn records(&self) -> impl Iterator<Item = &R> {
        self.rows.iter().map(|r| &r.record)
    }

    fn cell_key(&self, row: &str, field: &str) -> String {
        match self.short {
            Some(short) => short(row, field),
            None => format!("{}.{row}.{field}", self.name),
        }
    }

    /// The table's cell keys in one pattern, as an error's list of valid keys shows them:
    /// `value_1..value_12` for short keys of numbered rows, else `card_values.<row>.points`.
    pub fn key_pattern(&self) -> String {
        let is_number = |k: &str| !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit());
        let mut out: Vec<String> = Vec::new();
        for field in R::FIELDS {
            if self.short.is_none() {
                out.push(format!("{}.<row>.{field}", self.name));
                continue;
            }
            let numbered: Vec<&str> =
                self.records().map(|r| r.row_key()).filter(|k| is_number(k)).collect();
            if let (Some(a), Some(b)) = (numbered.first(), numbered.last()) {
                out.push(if numbered.len() > 1 {
                    format!("{}..{}", self.cell_key(a, field), self.cell_key(b, field))
                } else {
                    self.cell_key(a, field)
                });
            }
            out.extend(
                self.records()
                    .map(|r| r.row_key())
                    .filter(|k| !is_number(k))
                    .map(|k| self.cell_key(k, field)),
            );
        }
        out.join(", ")
    }

    /// Every cell as a parameter, row by row.
    pub fn params(&self) -> Vec<super::ParamInfo> {
        let mut out = Vec::new();
        for row in &self.rows {
            for field in R::FIELDS {
                out.push(super::ParamInfo {
                    key: self.cell_key(row.record.row_key(), field),
                    value: row.record.get(field).unwrap_or_default(),
                    default: row.default.get(field).unwrap_or_default(),
                    allowed: R::allowed(field).unwrap_or(""),
                    origin: row.origin,
                    doc: row.doc.to_string(),
                });
            }
        }
        out
    }

    /// Set whatever `key` names in this table: the whole table (an array of row tables), or
    /// one cell by its long or short key. `None` when the key is not this table's.
    pub fn try_set(&mut self, key: &str, value: &toml::Value) -> Option<Result<(), String>> {
        if key == self.name {
            return Some(self.set_rows(value));
        }
        if let Some(rest) = key.strip_prefix(self.name).and_then(|r| r.strip_prefix('.')) {
            let (row, field) = match rest.split_once('.') {
                Some((row, field)) => (row, field),
                // `table.row` alone names the only field of a one-field record.
                None if R::FIELDS.len() == 1 => (rest, R::FIELDS[0]),
                None => {
                    return Some(Err(format!(
                        "`{key}` names a row; add the field: {}",
                        R::FIELDS
                            .iter()
                            .map(|f| format!("{key}.{f}"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )));
                }
            };
            return Some(self.set_cell(row, field, value));
        }
        let hit = self.rows.iter().enumerate().find_map(|(i, row)| {
            R::FIELDS
                .iter()
                .find(|f| self.short.is_some() && self.cell_key(row.record.row_key(), f) == key)
                .map(|f| (i, *f))
        })?;
        let row = self.rows[hit.0].record.row_key().to_string();
        Some(self.set_cell(&row, hit.1, value))
    }

    fn set_cell(&mut self, row: &str, field: &str, value: &toml::Value) -> Result<(), String> {
        let name = self.name;
        let Some(at) = self.rows.iter().position(|r| r.record.row_key() == row) else {
            let valid: Vec<&str> = self.rows.iter().map(|r| r.record.row_key()).collect();
            return Err(format!(
                "`{name}` has no row `{row}`{}; rows: {}",
                // A number is a typo of no other number: `13` is not `1`.
                if row.bytes().all(|b| b.is_ascii_digit()) {
                    String::new()
                } else {
                    crate::core::suggest::did_you_mean(row, valid.iter().copied())
                },
                valid.join(", ")
            ));
        };
        // The cell by the name `arena games` lists (`value_12`, not `card_values.12.points`).
        let shown = if R::FIELDS.contains(&field) {
            self.cell_key(row, field)
        } else {
            format!("{name}.{row}.{field}")
        };
        let target = &mut self.rows[at];
        target.record.set(field, value).map_err(|e| format!("`{shown}` {e}"))
    }

    fn set_rows(&mut self, value: &toml::Value) -> Result<(), String> {
        let name = self.name;
        let Some(items) = value.as_array() else {
            return Err(format!(
                "`{name}` must be a list of rows ([[{name}]] with `{} = ...` and fields {})",
                R::KEY_FIELD,
                R::FIELDS.join(", ")
            ));
        };
        for (i, item) in items.iter().enumerate() {
            let Some(row) = item.as_table() else {
                return Err(format!("`{name}[{i}]` must be a table of fields"));
            };
            let Some(key) = row.get(R::KEY_FIELD).and_then(toml_key) else {
                return Err(format!(
                    "`{name}[{i}]` must name its row with `{} = ...`",
                    R::KEY_FIELD
                ));
            };
            for (field, v) in row {
                if field != R::KEY_FIELD {
                    self.set_cell(&key, field, v)
                        .map_err(|e| format!("{e} (row {i} of the list)"))?;
                }
            }
        }
        Ok(())
    }
}

/// A row key as written in a file: a string or a whole number (`card = 12`).
fn toml_key(v: &toml::Value) -> Option<String> {
    match v {
        toml::Value::String(s) => Some(s.clone()),
        toml::Value::Integer(i) => Some(i.to_string()),
        _ => None,
    }
}

#[cfg(test)]
mod table_tests {
    use super::*;

    crate::rule_record! {
        /// A test card.
        pub struct Card {
            key card;
            /// Points.
            points: i32, "-100 to 100", |v: &i32| (-100..=100).contains(v);
            /// Copies.
            copies: u8, "0 to 9", |v: &u8| *v <= 9;
        }
    }

    fn table() -> Table<Card> {
        let card = |k: &str, points| Card { card: k.into(), points, copies: 2 };
        Table::new(
            "cards",
            vec![
                (card("7", 4), Origin::Found, "a 7"),
                (card("skull", -5), Origin::Default, "a skull"),
            ],
        )
    }

    #[test]
    fn cells_are_listed_with_their_row_origin() {
        let p = table().params();
        let keys: Vec<&str> = p.iter().map(|i| i.key.as_str()).collect();
        assert_eq!(
            keys,
            ["cards.7.points", "cards.7.copies", "cards.skull.points", "cards.skull.copies"]
        );
        assert_eq!(p[2].origin, Origin::Default);
        assert_eq!((p[2].value.as_str(), p[2].allowed), ("-5", "-100 to 100"));
        let short = table().with_short_keys(|row, field| format!("{field}_{row}"));
        assert_eq!(short.params()[0].key, "points_7");
        // An error's list of valid keys: numbered rows as a range, named rows one by one.
        assert_eq!(short.key_pattern(), "points_7, points_skull, copies_7, copies_skull");
        assert_eq!(table().key_pattern(), "cards.<row>.points, cards.<row>.copies");
    }

    #[test]
    fn a_cell_is_set_by_long_or_short_key_and_checked() {
        let mut t = table().with_short_keys(|row, field| format!("{field}_{row}"));
        t.try_set("cards.7.points", &toml::Value::Integer(9)).unwrap().unwrap();
        t.try_set("copies_skull", &toml::Value::Integer(1)).unwrap().unwrap();
        let rows: Vec<(i32, u8)> = t.records().map(|r| (r.points, r.copies)).collect();
        assert_eq!(rows, [(9, 2), (-5, 1)]);
        assert!(t.try_set("speed", &toml::Value::Integer(1)).is_none());
        let err = t.try_set("cards.7.points", &toml::Value::Integer(500)).unwrap().unwrap_err();
        // Named as `arena games` lists the cell, whichever key set it.
        assert_eq!(err, "`points_7` = 500 is out of range: allowed -100 to 100");
        let err = t.try_set("cards.8.points", &toml::Value::Integer(1)).unwrap().unwrap_err();
        assert!(err.contains("no row `8`; rows: 7, skull"), "{err}");
        let err = t.try_set("cards.7.colour", &toml::Value::Integer(1)).unwrap().unwrap_err();
        assert!(err.contains("no field `colour`; fields: points, copies"), "{err}");
        let err = t.try_set("cards.7", &toml::Value::Integer(1)).unwrap().unwrap_err();
        assert!(err.contains("cards.7.points"), "{err}");
    }

    #[test]
    fn a_rules_file_sets_rows_of_a_table() {
        let mut t = table();
        let file: toml::Table = toml::from_str(
            "[[cards]]\ncard = 7\npoints = 6\n[[cards]]\ncard = \"skull\"\ncopies = 0\n",
        )
        .unwrap();
        t.try_set("cards", &file["cards"]).unwrap().unwrap();
        let rows: Vec<(i32, u8)> = t.records().map(|r| (r.points, r.copies)).collect();
        assert_eq!(rows, [(6, 2), (-5, 0)]);
        let bad: toml::Table = toml::from_str("[[cards]]\ncard = 7\npoints = \"many\"\n").unwrap();
        let err = t.try_set("cards", &bad["cards"]).unwrap().unwrap_err();
        assert!(err.contains("`cards.7.points` must be an integer (-100 to 100), got \"many\" (row 0 of the list)"), "{err}");
        let nameless: toml::Table = toml::from_str("[[cards]]\npoints = 1\n").unwrap();
        let err = t.try_set("cards", &nameless["cards"]).unwrap().unwrap_err();
        assert!(err.contains("must name its row with `card = ...`"), "{err}");
        assert!(t.try_set("cards", &toml::Value::Integer(3)).unwrap().is_err());
    }
}
