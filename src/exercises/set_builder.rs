//! The set builder («组一套题»): a course author ticks questions across
//! sections (filtered by section and kind), orders them, and gets the set's
//! link. Its state and its one reducer live here; the page only draws them.

use super::sections::Section;
use super::set::MAX_SET_IDS;
use super::xapi::read_origin;
use super::Question;
use crate::pages::links::Link;

/// What the author has chosen and is looking at.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Builder {
    /// The set, in order, at most [`MAX_SET_IDS`].
    pub chosen: Vec<&'static str>,
    /// The list shows this section only (`None`: every section).
    pub section: Option<Section>,
    /// The list shows this kind only (its name key; `None`: every kind).
    pub kind: Option<&'static str>,
    /// The course page's origin as typed (the link carries it once it is
    /// one, [`read_origin`]).
    pub origin: String,
}

/// What an author does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Act {
    /// Ticks or unticks a question (a tick past the limit does nothing).
    Toggle(&'static str),
    /// Moves the `i`-th chosen question one place earlier / later.
    Up(usize),
    Down(usize),
    /// Takes the `i`-th chosen question out.
    Remove(usize),
    /// Empties the set.
    Clear,
    Section(Option<Section>),
    Kind(Option<&'static str>),
    /// The course page's origin, as typed.
    Origin(String),
}

impl Builder {
    /// This builder after `act`.
    pub fn after(mut self, act: Act) -> Builder {
        let n = self.chosen.len();
        match act {
            Act::Toggle(id) => match self.chosen.iter().position(|c| *c == id) {
                Some(i) => {
                    self.chosen.remove(i);
                }
                None if n < MAX_SET_IDS => self.chosen.push(id),
                None => {}
            },
            Act::Up(i) if i > 0 && i < n => self.chosen.swap(i - 1, i),
            Act::Down(i) if i + 1 < n => self.chosen.swap(i, i + 1),
            Act::Remove(i) if i < n => {
                self.chosen.remove(i);
            }
            Act::Clear => self.chosen.clear(),
            Act::Section(s) => self.section = s,
            Act::Kind(k) => self.kind = k,
            Act::Origin(o) => self.origin = o,
            Act::Up(_) | Act::Down(_) | Act::Remove(_) => {}
        }
        self
    }

    /// Whether another question can be ticked.
    pub fn full(&self) -> bool {
        self.chosen.len() >= MAX_SET_IDS
    }

    /// The bank's questions the filters let through, in the bank's order.
    pub fn listed<'b>(&self, bank: &'b [Question]) -> Vec<&'b Question> {
        bank.iter()
            .filter(|q| self.section.is_none_or(|s| q.section == s))
            .filter(|q| self.kind.is_none_or(|k| kind_key(q) == k))
            .collect()
    }

    /// The set's link (`None` while nothing is chosen), with the course
    /// page's origin once what was typed is one.
    pub fn link(&self) -> Option<Link> {
        (!self.chosen.is_empty()).then(|| Link::ExerciseSet {
            ids: self.chosen.iter().map(|s| s.to_string()).collect(),
            origin: read_origin(&self.origin),
        })
    }

    /// Whether an origin was typed that is none (the page says what one is).
    pub fn origin_refused(&self) -> bool {
        !self.origin.trim().is_empty() && read_origin(&self.origin).is_none()
    }
}

/// The name key of a question's kind (the kind filter's values).
pub fn kind_key(q: &Question) -> &'static str {
    q.kind.module().name_key()
}

/// Every kind of the bank, once each, in the bank's order.
pub fn kinds(bank: &[Question]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for q in bank {
        let k = kind_key(q);
        if !out.contains(&k) {
            out.push(k);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exercises::bank;
    use crate::exercises::set::read_set;

    #[test]
    fn ticks_orders_and_the_link_opens_the_same_set() {
        let b = bank();
        let (x, y, z) = (b[0].id, b[5].id, b[9].id);
        let built = [
            Act::Toggle(x),
            Act::Toggle(y),
            Act::Toggle(z),
            Act::Up(2),
            Act::Toggle(x),
        ]
        .into_iter()
        .fold(Builder::default(), Builder::after);
        assert_eq!(built.chosen, [z, y]);
        let Some(Link::ExerciseSet { ids, origin: None }) = built.link() else {
            panic!("a set link")
        };
        let opened = read_set(&ids.join(","), &b);
        assert_eq!(opened.ids, built.chosen);
        let href = built.link().unwrap().href();
        assert!(href.starts_with("#/exercises?set="), "{href}");
        let typed = built
            .clone()
            .after(Act::Origin("https://course.example/".into()));
        assert!(typed
            .link()
            .unwrap()
            .href()
            .ends_with("&origin=https%3A%2F%2Fcourse.example"));
        let bad = built.after(Act::Origin("*".into()));
        assert!(bad.origin_refused());
        assert!(!bad.link().unwrap().href().contains("origin"));
    }

    #[test]
    fn moves_out_of_range_change_nothing() {
        let b = bank();
        let two = Builder::default()
            .after(Act::Toggle(b[0].id))
            .after(Act::Toggle(b[1].id));
        for act in [Act::Up(0), Act::Down(1), Act::Remove(7), Act::Up(9)] {
            assert_eq!(two.clone().after(act.clone()), two, "{act:?}");
        }
        assert_eq!(two.clone().after(Act::Down(0)).chosen, [b[1].id, b[0].id]);
        assert_eq!(two.clone().after(Act::Remove(0)).chosen, [b[1].id]);
        assert!(two.after(Act::Clear).link().is_none());
    }

    #[test]
    fn at_most_thirty() {
        let b = bank();
        let full = b
            .iter()
            .fold(Builder::default(), |s, q| s.after(Act::Toggle(q.id)));
        assert_eq!(full.chosen.len(), MAX_SET_IDS);
        assert!(full.full());
    }

    #[test]
    fn the_filters_list_their_questions_only() {
        let b = bank();
        let all = Builder::default();
        assert_eq!(all.listed(&b).len(), b.len());
        let keys = all.clone().after(Act::Section(Some(Section::Keys)));
        assert!(keys.listed(&b).iter().all(|q| q.section == Section::Keys));
        assert!(!keys.listed(&b).is_empty());
        let ks = kinds(&b);
        assert!(ks.len() > 1);
        for k in ks {
            let only = all.clone().after(Act::Kind(Some(k)));
            let listed = only.listed(&b);
            assert!(!listed.is_empty(), "{k}");
            assert!(listed.iter().all(|q| kind_key(q) == k));
        }
    }
}
