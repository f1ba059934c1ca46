//! Texts about the lab engine (the lab's own worker with SQLite) and the
//! random-seed buttons.

use super::{e, Entry};

pub(super) const ENTRIES: &[Entry] = &[
    e("lab.engine.starting", "正在启动实验引擎（含 SQLite 的第二个 wasm 文件，只在第一次加载）…", "Starting the lab engine (a second wasm file with SQLite, loaded only the first time)…"),
    e("lab.engine.computing", "正在计算这次运行…", "Computing this run…"),
    e("lab.engine.unavailable", "实验引擎无法运行：{reason}。实验在 Web Worker 里用 SQLite 计算；请用支持 Web Worker 的浏览器通过 http:// 打开本页（例如运行 scripts/serve.sh），不要直接打开文件。", "The lab engine cannot run: {reason}. The lab computes with SQLite in a Web Worker; open this page over http:// (e.g. run scripts/serve.sh) in a browser with Web Workers, not as a file."),
    e("lab.seed.random", "换一个随机种子", "New random seed"),
];
