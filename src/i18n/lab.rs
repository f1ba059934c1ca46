//! Tests of the texts in `src/lab/texts/lab.txt`.

#[cfg(test)]
mod tests {
    /// Marks are drawn as icons beside the text (src/ui/icons.rs): the
    /// lab's texts and the help never carry a glyph a platform font may
    /// lack (Debian's Chromium draws ⏮ ⏭ ⏸ ⏳ as boxes).
    #[test]
    fn lab_and_help_texts_carry_no_mark_glyphs() {
        const GLYPHS: &[char] = &[
            '⏮', '⏭', '⏸', '⏳', '☒', '▶', '◀', '✕', '✗', '✓', '∅', '☘', 'Δ', '★', '❌',
        ];
        for e in crate::i18n::entries() {
            if !(e.key.starts_with("lab.") || e.key.starts_with("help.")) {
                continue;
            }
            for text in [e.zh, e.en] {
                let found: Vec<char> = text.chars().filter(|c| GLYPHS.contains(c)).collect();
                assert!(found.is_empty(), "{}: {found:?} in «{text}»", e.key);
            }
        }
    }

    /// Terms no seed uses get a short definition where the lab first uses
    /// them, marked as beyond the chapter.
    #[test]
    fn terms_beyond_the_chapter_are_defined_where_they_first_appear() {
        for (zh_term, en_term) in [
            ("对冲请求", "hedged request"),
            ("Idempotent-Replayed", "Idempotent-Replayed"),
        ] {
            let first = crate::i18n::entries()
                .filter(|e| e.key.starts_with("lab."))
                .find(|e| e.zh.contains(zh_term))
                .unwrap_or_else(|| panic!("{zh_term} is not used"));
            assert!(first.zh.contains("本章没有"), "{}: {}", first.key, first.zh);
            assert!(first.en.contains(en_term), "{}: {}", first.key, first.en);
            assert!(
                first.en.contains("not a term of the chapter")
                    || first.en.contains("not covered by the chapter"),
                "{}: {}",
                first.key,
                first.en
            );
        }
    }

    /// The careful client's matrix is the reading's, not the chapter's.
    #[test]
    fn the_conservative_matrix_is_cited_from_the_reading() {
        let zh = crate::i18n::t(crate::i18n::Lang::Zh, "lab.client.careful.desc");
        assert!(zh.contains("阅读材料「超时、重试、退避与幂等性」"), "{zh}");
        assert!(!zh.contains("章节的保守矩阵"), "{zh}");
        let en = crate::i18n::t(crate::i18n::Lang::En, "lab.client.careful.desc");
        assert!(
            en.contains("the reading") && !en.contains("chapter's conservative"),
            "{en}"
        );
    }

    /// No text says or implies that a fencing token undoes a side effect
    /// outside the database; the texts about the fence say what it does in
    /// the lab (the current holder's write-back wins, the stale one rolls
    /// back) and the cures name what it cannot do.
    #[test]
    fn the_fence_is_described_by_what_it_does_in_the_database() {
        use crate::i18n::{t, Lang};
        for key in ["lab.server.fenced.cures", "help.lab.fence"] {
            let zh = t(Lang::Zh, key);
            assert!(zh.contains("当前持有租约"), "{key}: {zh}");
            assert!(zh.contains("回滚"), "{key}: {zh}");
            assert!(zh.contains("撤不回来"), "{key}: {zh}");
            let en = t(Lang::En, key);
            assert!(en.contains("current lease holder"), "{key}: {en}");
            assert!(en.contains("cannot be taken back"), "{key}: {en}");
        }
    }
}
