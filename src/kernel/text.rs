//! The words the core speaks in: a UI language, and a sentence as data
//! (a translation key with typed arguments). The core returns
//! [`Sentence`]s, never finished strings; only the UI and the CLI turn one
//! into text (`crate::i18n::render`), so the core needs no table and no
//! language.

use std::borrow::Cow;

/// A UI language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Simplified Chinese, the course's language and the default.
    #[default]
    Zh,
    /// English.
    En,
}

impl Lang {
    /// The code used in the URL (`lang=en`) and in `<html lang>`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh-CN",
            Lang::En => "en",
        }
    }

    /// Parses a URL or storage value; accepts `zh`, `zh-CN`, `en`, `en-US`...
    pub fn from_code(code: &str) -> Option<Lang> {
        let c = code.trim().to_ascii_lowercase();
        if c == "zh" || c.starts_with("zh-") {
            Some(Lang::Zh)
        } else if c == "en" || c.starts_with("en-") {
            Some(Lang::En)
        } else {
            None
        }
    }

    /// The other language, for the switch button.
    pub fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }
}

/// A sentence of the core: the translation key of a text with
/// `{placeholders}`, and a typed value for each.
#[derive(Clone, Debug, PartialEq)]
pub struct Sentence {
    pub key: Cow<'static, str>,
    pub args: Vec<(&'static str, Arg)>,
}

/// One argument of a [`Sentence`], typed so that the one number formatter
/// and the table write it in the reader's language.
#[derive(Clone, Debug, PartialEq)]
pub enum Arg {
    /// A whole number, digits grouped (12,345).
    Int(i64),
    /// A number with this many decimals at the most (trailing zeros cut).
    Num(f64, u8),
    /// A duration in milliseconds, in the language's unit.
    DurationMs(f64),
    /// Shown exactly as given: an id, a code, SQL, what the student typed.
    Raw(Cow<'static, str>),
    /// The text of another key, in the same language.
    Key(Cow<'static, str>),
    /// Another sentence, rendered first.
    Sentence(Box<Sentence>),
    /// A moment or a wait of a lab run, in whole milliseconds, in the lab's
    /// one clock format (seconds, or hours past an hour).
    ClockMs(u64),
    /// A measured number with exactly this many decimals, not grouped
    /// (`2.0`, `1234`): the load view's rates, seconds and ratios.
    Fixed(f64, u8),
    /// A share (0.25) as a percentage with this many decimals (`25 %`).
    Pct(f64, u8),
    /// Several parts run together by the text layer's rule for `Join`.
    Joined(Join, Vec<Arg>),
}

/// How the text layer runs the parts of an [`Arg::Joined`] together: the
/// rule depends on the language, so the core names it and never applies it.
#[derive(Clone, Debug, PartialEq)]
pub enum Join {
    /// Sentences, after the language's gap between sentences.
    Sentences,
    /// The text of this key between each two parts (a list's «、»).
    Key(Cow<'static, str>),
    /// Exactly this between each two parts, in every language.
    Raw(&'static str),
}

impl Sentence {
    /// A sentence without arguments.
    pub fn new(key: impl Into<Cow<'static, str>>) -> Sentence {
        Sentence {
            key: key.into(),
            args: Vec::new(),
        }
    }

    /// Parts run together, with no text of their own around them: a
    /// sentence without a key is its one argument.
    pub fn joined(join: Join, parts: Vec<Arg>) -> Sentence {
        Sentence::new("").arg("", Arg::Joined(join, parts))
    }

    /// A text written the same in every language (a code, a link).
    pub fn raw(text: impl Into<Cow<'static, str>>) -> Sentence {
        Sentence::joined(Join::Raw(""), vec![Arg::Raw(text.into())])
    }

    /// Sentences run together as the language runs sentences.
    pub fn sentences(parts: impl IntoIterator<Item = Sentence>) -> Sentence {
        let parts = parts.into_iter().map(Arg::from).collect();
        Sentence::joined(Join::Sentences, parts)
    }

    /// `n` with a noun that agrees with it («1 report», «2 reports»): the
    /// table holds the singular under `one` and the plural under `other`
    /// (Chinese has one form for both), each with an `{n}` placeholder.
    pub fn counted(n: u64, one: &'static str, other: &'static str) -> Sentence {
        Sentence::new(if n == 1 { one } else { other }).arg("n", n)
    }

    /// This sentence with one more argument.
    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Sentence {
        self.args.push((name, value.into()));
        self
    }
}

impl Arg {
    /// A value quoted as it is, in every language (an id, a code, a status,
    /// a count the text does not group).
    pub fn raw(v: impl ToString) -> Arg {
        Arg::Raw(v.to_string().into())
    }
}

impl From<i64> for Arg {
    fn from(v: i64) -> Arg {
        Arg::Int(v)
    }
}

impl From<usize> for Arg {
    fn from(v: usize) -> Arg {
        Arg::Int(v as i64)
    }
}

impl From<u64> for Arg {
    fn from(v: u64) -> Arg {
        Arg::Int(v as i64)
    }
}

impl From<u32> for Arg {
    fn from(v: u32) -> Arg {
        Arg::Int(i64::from(v))
    }
}

impl From<Sentence> for Arg {
    fn from(s: Sentence) -> Arg {
        Arg::Sentence(Box::new(s))
    }
}

impl From<&'static str> for Arg {
    /// A literal the core spells the same in every language (an id, a code).
    fn from(v: &'static str) -> Arg {
        Arg::Raw(Cow::Borrowed(v))
    }
}

impl From<String> for Arg {
    /// A text the core spells the same in every language (an id, a code).
    fn from(v: String) -> Arg {
        Arg::Raw(Cow::Owned(v))
    }
}
