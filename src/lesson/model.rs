//! What a lesson is once parsed: front matter, prose blocks and cells with their directives.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    En,
    Ko,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ko => "ko",
        }
    }

    pub fn parse(s: &str) -> Option<Lang> {
        match s.to_ascii_lowercase().as_str() {
            "en" | "english" => Some(Lang::En),
            "ko" | "korean" | "kr" => Some(Lang::Ko),
            _ => None,
        }
    }

    /// Korean when `LANG`/`LC_ALL` start with `ko`, English otherwise.
    pub fn from_env() -> Lang {
        for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let Ok(v) = std::env::var(var)
                && !v.is_empty()
            {
                return if v.starts_with("ko") {
                    Lang::Ko
                } else {
                    Lang::En
                };
            }
        }
        Lang::En
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Lesson {
    pub id: String,
    pub title: String,
    pub order: u32,
    pub lang: Lang,
    /// Where it came from (`lessons/en/06-masking.md` for bundled lessons), for `file:line` messages.
    pub path: String,
    /// Named dimensions in order: name and its value as written (an int or a Python expression).
    pub dims: Vec<(String, String)>,
    /// `data` bindings: variable name and asset file name.
    pub data: Vec<(String, String)>,
    /// `min`: the smallest size each listed dim may be set to (a second sentence to pad needs `bs: 2`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub minimums: Vec<(String, i64)>,
    pub blocks: Vec<Block>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Block {
    /// Markdown text between cells, as written.
    Prose {
        markdown: String,
        line: usize,
    },
    Cell(Cell),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Cell {
    /// 0-based position among the lesson's cells.
    pub index: usize,
    pub code: String,
    /// 1-based line of the first code line in the lesson file.
    pub line: usize,
    pub kind: CellKind,
    /// The nearest heading above the cell (demo mode's title).
    pub heading: Option<String>,
    pub shape_comments: Vec<ShapeComment>,
    pub heatmaps: Vec<HeatmapDirective>,
    /// A `question=expr` cell asks for the shape of `expr` (one of its shape comments); a plain `question`
    /// asks for the first.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asks: Option<String>,
    /// An `exercise` cell's hidden parts: the checks run after the learner's code, the reference solution
    /// and the hints.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exercise: Option<Box<Exercise>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum CellKind {
    Run,
    NoRun,
    Raises(String),
    Question,
    /// Runs like `Run`, but what it prints depends on the machine (timings): the lesson scripts leave it
    /// out of the comparison with PyTorch.
    Varies,
    /// The learner completes the code (the cell's code is the starter, with a gap) until its checks pass.
    Exercise,
}

/// A block of code attached to an exercise (`python check`, `python solution`), not shown in the tutor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Snippet {
    pub code: String,
    /// 1-based line of the first code line in the lesson file.
    pub line: usize,
    /// The shape comments in it (a check's named-shape assertions).
    pub shape_comments: Vec<ShapeComment>,
}

impl Snippet {
    /// The code without full-line comments that aren't directives (the same in every language).
    pub fn parity_key(&self) -> String {
        parity_key(&self.code)
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Exercise {
    /// Runs after the learner's code in the same namespace (whatever it assigns is dropped again):
    /// shape comments and `assert`s. A failed `assert` without a message says the full-line comment
    /// just above it.
    pub check: Snippet,
    /// The reference solution: `check` verifies that it passes and the starter code does not, and
    /// `trace` and the lesson scripts run it in place of the starter.
    pub solution: Snippet,
    /// Revealed one at a time (`h` in the notebook), as Markdown.
    pub hints: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum DimRef {
    Name(String),
    Size(usize),
}

impl std::fmt::Display for DimRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DimRef::Name(n) => write!(f, "{n}"),
            DimRef::Size(s) => write!(f, "{s}"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShapeComment {
    pub expr: String,
    pub dims: Vec<DimRef>,
    /// 1-based line in the lesson file.
    pub line: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeatmapDirective {
    pub expr: String,
    pub labels: Option<String>,
    pub line: usize,
}

impl Lesson {
    pub fn cells(&self) -> impl Iterator<Item = &Cell> {
        self.blocks.iter().filter_map(|b| match b {
            Block::Cell(c) => Some(c),
            Block::Prose { .. } => None,
        })
    }

    pub fn cell_count(&self) -> usize {
        self.cells().count()
    }
}

impl Cell {
    /// The code without full-line comments that aren't directives: what en/ko parity compares.
    pub fn parity_key(&self) -> String {
        parity_key(&self.code)
    }

    /// The cell as `check`, `trace` and the lesson scripts run it: an exercise with its solution in
    /// place of the starter code.
    pub fn as_solved(&self) -> std::borrow::Cow<'_, Cell> {
        match &self.exercise {
            Some(e) => std::borrow::Cow::Owned(Cell {
                code: e.solution.code.clone(),
                line: e.solution.line,
                ..self.clone()
            }),
            None => std::borrow::Cow::Borrowed(self),
        }
    }
}

fn parity_key(code: &str) -> String {
    code.lines()
        .filter(|l| {
            let t = l.trim_start();
            !t.starts_with('#') || super::parse::is_directive(t)
        })
        .map(str::trim_end)
        .collect::<Vec<_>>()
        .join("\n")
}
