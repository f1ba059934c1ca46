//! The lab's server as a design: its mechanisms' groups (`lab.group.{id}`;
//! each mechanism's name and description, `lab.mech.{id}` and `.desc`, live
//! in its own module, `lab/mechanisms/<id>.rs`), the handler's phases and branches as the SQL
//! listing names them (`lab.phase.{id}`, `lab.branch.{id}`), why no server
//! change can fix a row (`lab.unfixable.{id}`), and the narration of the
//! decisions only some designs make.

use super::{t, Lang};
use crate::lab::Design;

/// A design as the student reads it: its preset's name, or its mechanisms' names.
pub fn design_name(lang: Lang, d: Design) -> String {
    match d.preset() {
        Some(p) => t(lang, &format!("lab.server.{}", p.id())),
        None => {
            let names: Vec<String> = d.mechanisms().iter().map(|m| t(lang, &m.key())).collect();
            names.join(" + ")
        }
    }
}

/// Its one-line description: the preset's, or its mechanism ids.
pub fn design_desc(lang: Lang, d: Design) -> String {
    match d.preset() {
        Some(p) => t(lang, &format!("lab.server.{}.desc", p.id())),
        None => d.to_ids(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::{Mechanism, Preset};

    /// `design=claim` once read «原子占键», the preset `atomic`'s name: a
    /// design that is no preset is named by its mechanisms, and no such
    /// name is a preset's, in either language.
    #[test]
    fn no_design_but_a_preset_bears_a_presets_name() {
        let all = Mechanism::ALL;
        for lang in [Lang::Zh, Lang::En] {
            let presets: Vec<String> = Preset::ALL
                .iter()
                .map(|p| design_name(lang, p.design()))
                .collect();
            for bits in 0u32..1 << all.len() {
                let ms: Vec<Mechanism> = (0..all.len())
                    .filter(|i| bits >> i & 1 == 1)
                    .map(|i| all[i])
                    .collect();
                let d = Design::of(&ms);
                if d.preset().is_none() {
                    let name = design_name(lang, d);
                    assert!(
                        !presets.contains(&name),
                        "{} is named «{name}», a preset's name",
                        d.to_ids()
                    );
                }
            }
        }
    }
}
