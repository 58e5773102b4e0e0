//! The compiled sheet the engine plays on: each puzzle as bitmasks over its boxes (so that
//! placing a die is a few bit operations), built from a checked [`SheetSpec`]. Every
//! cross-reference of the file is checked here, with one-line errors naming the key and
//! what is allowed.

use super::sheet::*;

/// One suitor's puzzle as bitmasks over its boxes, numbered in fill order within each
/// chain (Diamond: track by track; Heart: bottom up; Dance Card and Flowers: row by row).
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    pub n: u8,
    /// Boxes with no predecessor (the first box of each chain).
    pub roots: u32,
    /// The boxes that a marked box makes ready (its successors).
    pub children: [u32; MAX_BOXES],
    /// Boxes accepting each die number (index 1-6; a blank Heart box accepts all).
    pub accept_num: [u32; 7],
    /// Boxes accepting each die colour (only Flowers rows restrict it).
    pub accept_col: [u32; 3],
    /// Colour a chosen die must have for this puzzle (PP-24), or none.
    pub gate: Option<u8>,
    pub icon: [Icon; MAX_BOXES],
    /// Fixed points of a marked box (Diamond and Dance Card rows).
    pub points: [i32; MAX_BOXES],
    /// The same points as (boxes, points) groups, one per distinct value, so that scoring
    /// is a few popcounts.
    pub groups: [(u32, i32); 8],
    pub ngroups: u8,
    /// Boxes whose written number is needed (Heart scores, Flowers columns).
    pub written: bool,
    /// Dance Card rows (their boxes) and the icon marked when a row is complete.
    pub rows: [u32; MAX_ROWS],
    pub row_bonus: [Icon; MAX_ROWS],
    pub nrows: u8,
    /// Flowers columns (their boxes), scored by their two lowest numbers when complete.
    pub columns: [u32; MAX_BOXES],
    pub ncolumns: u8,
    /// Short names of the boxes, for traces (`A:6`, `b3`, `c2r1`, `white 1`).
    pub names: Vec<String>,
}

impl Puzzle {
    fn empty(n: usize) -> Self {
        Puzzle {
            n: n as u8,
            roots: 0,
            children: [0; MAX_BOXES],
            accept_num: [0; 7],
            accept_col: [all(n); 3],
            gate: None,
            icon: [Icon::None; MAX_BOXES],
            points: [0; MAX_BOXES],
            groups: [(0, 0); 8],
            ngroups: 0,
            written: false,
            rows: [0; MAX_ROWS],
            row_bonus: [Icon::None; MAX_ROWS],
            nrows: 0,
            columns: [0; MAX_BOXES],
            ncolumns: 0,
            names: Vec::new(),
        }
    }
    pub fn all(&self) -> u32 {
        all(self.n as usize)
    }

    /// Group the boxes by their points (at most 6 Diamond row values, 8 Dance Card rows).
    fn group_points(&mut self) {
        for b in 0..self.n as usize {
            let pts = self.points[b];
            if pts == 0 {
                continue;
            }
            let n = self.ngroups as usize;
            match self.groups[..n].iter_mut().find(|g| g.1 == pts) {
                Some(g) => g.0 |= 1 << b,
                None => {
                    self.groups[n] = (1 << b, pts);
                    self.ngroups += 1;
                }
            }
        }
    }
}

fn all(n: usize) -> u32 {
    if n >= 32 { u32::MAX } else { (1u32 << n) - 1 }
}

/// One fan box: its half, its icon (central boxes have none) and the boxes that unlock it
/// (any one of them; empty for the box at the handle).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FanBox {
    pub half: u8,
    pub central: bool,
    pub icon: Icon,
    pub after: u32,
}

/// The whole sheet, ready to play on.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub puzzles: [Puzzle; 4],
    pub nlinks: u8,
    /// The two suitors of each link.
    pub links: [[u8; 2]; MAX_LINKS],
    /// Symbols of each link's heart track (0) and diamond track (1).
    pub track_len: [[u8; 2]; MAX_LINKS],
    pub dice_box: [bool; MAX_LINKS],
    /// Links touching each suitor, as a mask.
    pub suitor_links: [u8; 4],
    pub fan: Vec<FanBox>,
    /// Fan boxes with no prerequisite (closest to the handle).
    pub fan_roots: u32,
    pub chaperone_len: [u8; 6],
    /// FP boxes per chaperone row: bit k set when box k+1 is an FP box.
    pub chaperone_fp: [u32; 6],
    pub faux_pas_len: u8,
    pub match_points: i32,
    pub faux_pas_points: i32,
    /// Each romance track's terms of the greedy estimate by symbols crossed (see
    /// [`super::score::RomanceTerm`]), worked out once instead of two divisions a track at
    /// every estimate.
    pub romance_terms: [[[RomanceTerm; 17]; 2]; MAX_LINKS],
    /// The boxes of each puzzle that a die of number `num` and colour `col` fits, ready or
    /// not and gates aside: `die_fits[num][col][p]` (the puzzle's `accept_num` and
    /// `accept_col` together). With [`Layout::gate_open`], a die's targets are three word
    /// operations a puzzle: the engine asks for them thousands of times a match.
    pub die_fits: [[[u32; 4]; 3]; 7],
    /// For each set of opened gates (bit per colour, PP-24): every box of a puzzle whose
    /// gate it opens or that has no gate, none of the others.
    pub gate_open: [[u32; 4]; 8],
    /// A hash of everything above: equal layouts have equal fingerprints. The memos of
    /// `memo.rs` keep it with each input, so that no layout reads another's results.
    pub fingerprint: u64,
}

fn icon(key: &str, value: &str, allowed: &[Icon]) -> Result<Icon, String> {
    allowed.iter().copied().find(|i| i.key() == value).ok_or_else(|| {
        let names: Vec<&str> = allowed.iter().map(|i| i.key()).collect();
        format!("`{key}` = \"{value}\" is not an icon here; allowed: {}", names.join(", "))
    })
}

fn colour(key: &str, value: &str) -> Result<u8, String> {
    COLOUR_KEYS.iter().position(|&c| c == value).map(|c| c as u8).ok_or_else(|| {
        format!("`{key}` = \"{value}\" is not a die colour; allowed: white, red, blue")
    })
}

fn count(key: &str, v: i64, lo: i64, hi: i64) -> Result<usize, String> {
    if (lo..=hi).contains(&v) {
        Ok(v as usize)
    } else {
        Err(format!("`{key}` = {v} is out of range; allowed: {lo} to {hi}"))
    }
}

fn points(key: &str, v: i64) -> Result<i32, String> {
    count(key, v, -1000, 1000).map(|_| v as i32)
}

const BOX_ICONS: [Icon; 4] = [Icon::Heart, Icon::Diamond, Icon::Dice, Icon::Fan];

fn put_icon(p: &mut Puzzle, b: usize, key: &str, value: &str) -> Result<(), String> {
    if p.icon[b] != Icon::None {
        return Err(format!("`{key}`: that box already has an icon; allowed: one icon per box"));
    }
    p.icon[b] = icon(key, value, &BOX_ICONS)?;
    Ok(())
}

impl Layout {
    /// Check every key of `spec` against the others and build the bitmasks.
    pub fn compile(spec: &SheetSpec) -> Result<Layout, String> {
        let mut puzzles = [
            diamond(&spec.diamond)?,
            heart(&spec.heart)?,
            dance(&spec.dance_card)?,
            flowers(&spec.flowers)?,
        ];
        for p in puzzles.iter_mut() {
            p.group_points();
        }
        let nlinks = spec.romance.links.len();
        if !(1..=MAX_LINKS).contains(&nlinks) {
            return Err(format!("`romance.links` has {nlinks} links; allowed: 1 to {MAX_LINKS}"));
        }
        let mut layout = Layout {
            puzzles,
            nlinks: nlinks as u8,
            links: [[0; 2]; MAX_LINKS],
            track_len: [[0; 2]; MAX_LINKS],
            dice_box: [false; MAX_LINKS],
            suitor_links: [0; 4],
            fan: Vec::new(),
            fan_roots: 0,
            chaperone_len: [0; 6],
            chaperone_fp: [0; 6],
            faux_pas_len: 0,
            match_points: points("scoring.match_points", spec.scoring.match_points)?,
            faux_pas_points: points("scoring.faux_pas_points", spec.scoring.faux_pas_points)?,
            romance_terms: Default::default(),
            die_fits: [[[0; 4]; 3]; 7],
            gate_open: [[0; 4]; 8],
            fingerprint: 0,
        };
        for (k, link) in spec.romance.links.iter().enumerate() {
            let key = format!("romance.links[{k}]");
            if link.between.len() != 2 {
                return Err(format!(
                    "`{key}.between` must name 2 suitors; allowed: diamond, heart, dance_card, flowers"
                ));
            }
            for (side, name) in link.between.iter().enumerate() {
                let s = SUITOR_KEYS.iter().position(|&x| x == name).ok_or_else(|| {
                    format!("`{key}.between` names \"{name}\"; allowed: diamond, heart, dance_card, flowers")
                })?;
                layout.links[k][side] = s as u8;
                layout.suitor_links[s] |= 1 << k;
            }
            if layout.links[k][0] == layout.links[k][1] {
                return Err(format!(
                    "`{key}.between` links a suitor to itself; allowed: two different suitors"
                ));
            }
            layout.track_len[k] = [
                count(&format!("{key}.hearts"), link.hearts, 1, 16)? as u8,
                count(&format!("{key}.diamonds"), link.diamonds, 1, 16)? as u8,
            ];
            layout.dice_box[k] = link.dice_box;
        }
        if spec.fan.halves.is_empty() {
            return Err("`fan.halves` is empty; allowed: 1 or more halves".into());
        }
        for (h, half) in spec.fan.halves.iter().enumerate() {
            let key = format!("fan.halves[{h}]");
            let centre = count(&format!("{key}.centre"), half.centre, 1, 15)?;
            if half.outer.len() > centre + 1 {
                return Err(format!(
                    "`{key}.outer` has {} icons but {centre} central boxes unlock at most {}; allowed: up to centre + 1",
                    half.outer.len(),
                    centre + 1
                ));
            }
            let base = layout.fan.len();
            if base + centre + half.outer.len() > MAX_FAN {
                return Err(format!(
                    "`fan.halves` has more than {MAX_FAN} boxes in all; allowed: up to {MAX_FAN}"
                ));
            }
            // PP-8: central box i follows box i-1 (box 0 is at the handle).
            for i in 0..centre {
                let after = if i == 0 { 0 } else { 1 << (base + i - 1) };
                layout.fan.push(FanBox { half: h as u8, central: true, icon: Icon::None, after });
            }
            // Outer icon j is unlocked by central box j-1 or j.
            for (j, name) in half.outer.iter().enumerate() {
                let i = icon(
                    &format!("{key}.outer[{j}]"),
                    name,
                    &[Icon::Heart, Icon::Diamond, Icon::Dice],
                )?;
                let mut after = 0u32;
                if j > 0 {
                    after |= 1 << (base + j - 1);
                }
                if j < centre {
                    after |= 1 << (base + j);
                }
                layout.fan.push(FanBox { half: h as u8, central: false, icon: i, after });
            }
        }
        layout.fan_roots = layout
            .fan
            .iter()
            .enumerate()
            .filter(|(_, f)| f.after == 0)
            .fold(0, |m, (i, _)| m | 1 << i);
        if spec.chaperone.boxes.len() != 6 {
            return Err(format!(
                "`chaperone.boxes` has {} rows; allowed: exactly 6 (die values 1 to 6)",
                spec.chaperone.boxes.len()
            ));
        }
        for (r, &len) in spec.chaperone.boxes.iter().enumerate() {
            layout.chaperone_len[r] =
                count(&format!("chaperone.boxes[{r}]"), len, 1, MAX_TRACK)? as u8;
        }
        for (k, &fp) in spec.chaperone.fp.iter().enumerate() {
            let key = format!("chaperone.fp[{k}]");
            let shortest = *layout.chaperone_len.iter().min().expect("6 rows") as i64;
            let at = count(&key, fp, 1, shortest)?;
            for row in layout.chaperone_fp.iter_mut() {
                *row |= 1 << (at - 1);
            }
        }
        layout.faux_pas_len = count("faux_pas.boxes", spec.faux_pas.boxes, 1, MAX_TRACK)? as u8;
        layout.romance_terms = romance_terms(&layout);
        for (p, pz) in layout.puzzles.iter().enumerate() {
            for num in 0..7 {
                for col in 0..3 {
                    layout.die_fits[num][col][p] = pz.accept_num[num] & pz.accept_col[col];
                }
            }
            for (gates, open) in layout.gate_open.iter_mut().enumerate() {
                let opened = pz.gate.is_none_or(|g| gates & (1 << g) != 0);
                open[p] = if opened { u32::MAX } else { 0 };
            }
        }
        // Every field, as written out (`DefaultHasher::new` has fixed keys: the same value
        // every run), with the fingerprint still 0.
        let mut h = std::hash::DefaultHasher::new();
        std::hash::Hash::hash(&format!("{layout:?}"), &mut h);
        layout.fingerprint = std::hash::Hasher::finish(&h);
        Ok(layout)
    }
}

/// Link each box of a chain to the next one.
fn chain(p: &mut Puzzle, boxes: &[usize]) {
    for w in boxes.windows(2) {
        p.children[w[0]] |= 1 << w[1];
    }
}

fn diamond(spec: &DiamondSpec) -> Result<Puzzle, String> {
    let mut row_points = [None; 7];
    for (label, &pts) in &spec.row_points {
        let key = format!("diamond.row_points.\"{label}\"");
        let row =
            label.parse::<usize>().ok().filter(|r| (1..=6).contains(r)).ok_or_else(|| {
                format!("`{key}`: rows are labelled 1 to 6; allowed: \"1\" to \"6\"")
            })?;
        row_points[row] = Some(points(&key, pts)?);
    }
    if spec.tracks.is_empty() {
        return Err("`diamond.tracks` is empty; allowed: 1 or more tracks".into());
    }
    let n: usize = spec.tracks.iter().map(|t| t.rows.len()).sum();
    if n > MAX_BOXES {
        return Err(format!("`diamond.tracks` has {n} boxes; allowed: up to {MAX_BOXES}"));
    }
    let mut p = Puzzle::empty(n);
    p.gate = Some(colour("diamond.gate", &spec.gate)?);
    let mut starts: Vec<(String, usize, usize)> = Vec::new(); // name, first box, length
    let mut next = 0;
    for (t, track) in spec.tracks.iter().enumerate() {
        let key = format!("diamond.tracks[{t}]");
        if track.rows.is_empty() {
            return Err(format!("`{key}.rows` is empty; allowed: a track of 1 or more boxes"));
        }
        if starts.iter().any(|(name, ..)| *name == track.name) {
            return Err(format!(
                "`{key}.name` \"{}\" is used twice; allowed: distinct names",
                track.name
            ));
        }
        let boxes: Vec<usize> = (next..next + track.rows.len()).collect();
        for (i, &row) in track.rows.iter().enumerate() {
            let rkey = format!("{key}.rows[{i}]");
            let r = count(&rkey, row, 1, 6)?;
            let pts = row_points[r].ok_or_else(|| {
                format!("`{rkey}` = {r} has no points; allowed: a row listed in diamond.row_points")
            })?;
            let b = boxes[i];
            p.accept_num[r] |= 1 << b;
            p.points[b] = pts;
            p.names.push(format!("{}:{r}", track.name));
        }
        chain(&mut p, &boxes);
        match &track.after {
            None => p.roots |= 1 << boxes[0],
            Some(parent) => {
                let (_, first, len) = starts.iter().find(|(name, ..)| name == parent).ok_or_else(|| {
                    format!("`{key}.after` = \"{parent}\" names no earlier track; allowed: the name of a track listed before it")
                })?;
                p.children[first + len - 1] |= 1 << boxes[0];
            }
        }
        starts.push((track.name.clone(), next, track.rows.len()));
        next += track.rows.len();
    }
    for (k, ic) in spec.icons.iter().enumerate() {
        let key = format!("diamond.icons[{k}]");
        let (_, first, len) =
            starts.iter().find(|(name, ..)| *name == ic.track).ok_or_else(|| {
                format!(
                    "`{key}.track` = \"{}\" is not a track; allowed: a name from diamond.tracks",
                    ic.track
                )
            })?;
        let at = count(&format!("{key}.box"), ic.at, 1, *len as i64)?;
        put_icon(&mut p, first + at - 1, &format!("{key}.icon"), &ic.icon)?;
    }
    Ok(p)
}

fn heart(spec: &HeartSpec) -> Result<Puzzle, String> {
    let n = spec.boxes.len();
    if n == 0 || n > MAX_BOXES {
        return Err(format!("`heart.boxes` has {n} boxes; allowed: 1 to {MAX_BOXES}"));
    }
    let mut p = Puzzle::empty(n);
    p.gate = Some(colour("heart.gate", &spec.gate)?);
    p.written = true;
    p.roots = 1;
    for (b, label) in spec.boxes.iter().enumerate() {
        let key = format!("heart.boxes[{b}]");
        let mut mask = 0u32;
        if label.is_empty() {
            mask = 0b111_1110;
        } else {
            for part in label.split('/') {
                let v = part.trim().parse::<usize>().ok().filter(|v| (1..=6).contains(v)).ok_or_else(|| {
                    format!("`{key}` = \"{label}\"; allowed: \"\" (blank), a number 1 to 6, or two numbers \"a/b\"")
                })?;
                mask |= 1 << v;
            }
        }
        for v in 1..=6 {
            if mask & (1 << v) != 0 {
                p.accept_num[v] |= 1 << b;
            }
        }
        p.names.push(format!("b{}", b + 1));
    }
    chain(&mut p, &(0..n).collect::<Vec<_>>());
    for (k, ic) in spec.icons.iter().enumerate() {
        let key = format!("heart.icons[{k}]");
        let at = count(&format!("{key}.box"), ic.at, 1, n as i64)?;
        put_icon(&mut p, at - 1, &format!("{key}.icon"), &ic.icon)?;
    }
    Ok(p)
}

fn dance(spec: &DanceSpec) -> Result<Puzzle, String> {
    let cols = count("dance_card.columns", spec.columns, 1, 6)?;
    let rows = spec.row_points.len();
    if rows == 0 || rows > MAX_ROWS || rows * cols > MAX_BOXES {
        return Err(format!(
            "`dance_card.row_points` gives {rows} rows; allowed: 1 to {MAX_ROWS} rows of at most {MAX_BOXES} boxes in all"
        ));
    }
    if spec.row_bonus.len() != rows {
        return Err(format!(
            "`dance_card.row_bonus` has {} entries; allowed: one per row ({rows}), each heart, diamond, dice, fan or none",
            spec.row_bonus.len()
        ));
    }
    let mut p = Puzzle::empty(rows * cols);
    p.nrows = rows as u8;
    for r in 0..rows {
        let pts = points(&format!("dance_card.row_points[{r}]"), spec.row_points[r])?;
        let bonus_key = format!("dance_card.row_bonus[{r}]");
        p.row_bonus[r] = icon(
            &bonus_key,
            &spec.row_bonus[r],
            &[Icon::None, Icon::Heart, Icon::Diamond, Icon::Dice, Icon::Fan],
        )?;
        for c in 0..cols {
            let b = r * cols + c;
            p.points[b] = pts;
            p.rows[r] |= 1 << b;
            p.accept_num[c + 1] |= 1 << b;
            p.names.push(format!("c{}r{}", c + 1, r + 1));
            if r + 1 < rows {
                p.children[b] |= 1 << (b + cols);
            }
            if r == 0 {
                p.roots |= 1 << b;
            }
        }
    }
    for (k, ic) in spec.icons.iter().enumerate() {
        let key = format!("dance_card.icons[{k}]");
        let c = count(&format!("{key}.column"), ic.column, 1, cols as i64)?;
        let r = count(&format!("{key}.row"), ic.row, 1, rows as i64)?;
        put_icon(&mut p, (r - 1) * cols + c - 1, &format!("{key}.icon"), &ic.icon)?;
    }
    Ok(p)
}

fn flowers(spec: &FlowersSpec) -> Result<Puzzle, String> {
    let rows = spec.rows.len();
    if !(2..=3).contains(&rows) {
        return Err(format!(
            "`flowers.rows` has {rows} rows; allowed: 2 or 3 rows of different colours (columns score their two lowest numbers)"
        ));
    }
    let len = count("flowers.boxes", spec.boxes, 1, (MAX_BOXES / rows) as i64)?;
    let mut p = Puzzle::empty(rows * len);
    p.written = true;
    p.accept_col = [0; 3];
    p.ncolumns = len as u8;
    let mut colours = Vec::new();
    for (r, name) in spec.rows.iter().enumerate() {
        let c = colour(&format!("flowers.rows[{r}]"), name)?;
        if colours.contains(&c) {
            return Err(format!(
                "`flowers.rows[{r}]` repeats \"{name}\"; allowed: each colour once"
            ));
        }
        colours.push(c);
        let boxes: Vec<usize> = (r * len..(r + 1) * len).collect();
        for (i, &b) in boxes.iter().enumerate() {
            p.accept_col[c as usize] |= 1 << b;
            p.columns[i] |= 1 << b;
            p.names.push(format!("{name} {}", i + 1));
        }
        for v in 1..=6 {
            p.accept_num[v] |= boxes.iter().fold(0, |m, &b| m | 1 << b);
        }
        p.roots |= 1 << boxes[0];
        chain(&mut p, &boxes);
    }
    for (k, ic) in spec.icons.iter().enumerate() {
        let key = format!("flowers.icons[{k}]");
        let r = spec.rows.iter().position(|x| *x == ic.row).ok_or_else(|| {
            format!("`{key}.row` = \"{}\" is not a row; allowed: {}", ic.row, spec.rows.join(", "))
        })?;
        let at = count(&format!("{key}.box"), ic.at, 1, len as i64)?;
        put_icon(&mut p, r * len + at - 1, &format!("{key}.icon"), &ic.icon)?;
    }
    Ok(p)
}

/// Load and validate a sheet: `builtin` is the default file built into the binary.
pub fn load(source: &str) -> Result<Layout, String> {
    let (text, file) = if source == "builtin" {
        (DEFAULT_SHEET.to_string(), "configs/pride-prejudice/sheet.toml (builtin)".to_string())
    } else {
        let text = std::fs::read_to_string(source)
            .map_err(|e| format!("sheet file {source}: cannot read it: {e}"))?;
        (text, source.to_string())
    };
    let spec = SheetSpec::parse(&text, &file)?;
    Layout::compile(&spec).map_err(|e| format!("sheet file {file}: {e}"))
}

/// A romance track with `have` of its `len` symbols crossed, in [`super::score::estimate`]: its share
/// `have / len` and its progress `0.4 * match_points * have / len` (the expressions the
/// estimate once evaluated at every call, so the same bits).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RomanceTerm {
    pub share: f64,
    pub progress: f64,
}

/// Every track's [`RomanceTerm`] for each count below its length (lengths are 1 to 16).
pub fn romance_terms(l: &Layout) -> [[[RomanceTerm; 17]; 2]; MAX_LINKS] {
    let mp = l.match_points as f64;
    let mut terms = [[[RomanceTerm::default(); 17]; 2]; MAX_LINKS];
    for (by_kind, lens) in terms.iter_mut().zip(&l.track_len) {
        for (by_have, &len) in by_kind.iter_mut().zip(lens) {
            for (have, t) in by_have.iter_mut().enumerate().take(len as usize) {
                let (have, len) = (have as f64, len as f64);
                *t = RomanceTerm { share: have / len, progress: 0.4 * mp * have / len };
            }
        }
    }
    terms
}
