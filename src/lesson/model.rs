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
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum CellKind {
    Run,
    NoRun,
    Raises(String),
    Question,
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
        self.code
            .lines()
            .filter(|l| {
                let t = l.trim_start();
                !t.starts_with('#') || super::parse::is_directive(t)
            })
            .map(str::trim_end)
            .collect::<Vec<_>>()
            .join("\n")
    }
}
