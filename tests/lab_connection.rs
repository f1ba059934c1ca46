//! The lab keeps one SQLite connection per thread between runs (emptied,
//! with its prepared statements): the matrix and the workbench run many in a
//! row. A run on a reused connection must be the run on a fresh one.

use retry_lab::lab::{run, ClientStrategy, Design, MatrixParams, Mechanism, Preset, Scenario};

/// Every run of a matrix on one thread (each opening the connection the
/// previous one left) equals the same run on a fresh connection (a new
/// thread has none to reuse): trace, tables and counts.
#[test]
fn a_reused_connection_gives_the_runs_a_fresh_one_gives() {
    let mut combos = MatrixParams::default().cells();
    let fenced = Preset::Fenced.design();
    combos.extend(Scenario::ALL.map(|sc| (sc, ClientStrategy::StableKey.into(), fenced)));
    // The notifier's own database (its fences too) and the tenant-scoped
    // key table, interleaved with the global one: each kind of database
    // reuses only its own spare connection.
    let mechanisms = |ids: &[Mechanism]| ids.iter().fold(fenced, |d, m| d.with(*m));
    let downstream = mechanisms(&[
        Mechanism::Outbox,
        Mechanism::DownstreamKey,
        Mechanism::DownstreamFence,
        Mechanism::TenantScope,
    ]);
    let hurried = mechanisms(&[
        Mechanism::NotifyBeforeCommit,
        Mechanism::DownstreamKey,
        Mechanism::DownstreamFence,
    ]);
    for sc in Scenario::ALL {
        combos.push((sc, ClientStrategy::StableKey.into(), downstream));
        combos.push((sc, ClientStrategy::BusinessKey.into(), hurried));
    }
    combos.push((
        Scenario::CrashBetweenCommits,
        ClientStrategy::Naive.into(),
        Design::NONE,
    ));
    let fresh: Vec<_> = combos
        .iter()
        .map(|&(sc, cl, d)| {
            std::thread::spawn(move || run(sc, cl, d, 7))
                .join()
                .unwrap()
        })
        .collect();
    for (i, &(sc, cl, d)) in combos.iter().enumerate() {
        let again = run(sc, cl, d, 7);
        assert_eq!(
            again.trace_digest(),
            fresh[i].trace_digest(),
            "{sc:?} {cl:?} {d:?}"
        );
        assert_eq!(again, fresh[i], "{sc:?} {cl:?} {d:?}");
    }
}
