//! Texts about the lab engine (the lab's own worker with SQLite): starting,
//! computing, and why it is not available, with what the student can do.

use super::{e, Entry};

pub(super) const ENTRIES: &[Entry] = &[
    e("lab.engine.starting", "正在启动实验引擎（含 SQLite 的第二个 wasm 文件，只在第一次加载）…", "Starting the lab engine (a second wasm file with SQLite, loaded only the first time)…"),
    e("lab.engine.computing", "正在计算这次运行…", "Computing this run…"),
    e("lab.engine.no_workers", "这个浏览器启动不了实验引擎的 Web Worker（{reason}）：实验在 Web Worker 里用 SQLite 计算，请换一个支持 Web Worker 的浏览器打开本页。", "This browser cannot start the lab engine's Web Worker ({reason}): the lab computes with SQLite in a Web Worker; open this page in a browser that supports Web Workers."),
    e("lab.engine.redeployed", "网站在这个页面打开之后部署了新版本，旧版本的实验引擎文件已经不在服务器上了。重新加载本页，就会用上新版本。", "A newer version of the site was deployed after this page was opened, and the old version's lab engine files are no longer on the server. Reload the page to use the new version."),
    e("lab.engine.offline", "实验引擎没能下载（{reason}），可能是网络断了。网络恢复后按「重试」；下次打开实验时它也会自己再试。", "The lab engine could not be downloaded ({reason}); the network may be down. Press «Retry» once it is back; opening the lab again also tries again."),
    e("lab.engine.failed", "实验引擎出错了：{reason}。按「重试」重新启动它。", "The lab engine failed: {reason}. Press «Retry» to start it again."),
    e("lab.engine.reload", "重新加载", "Reload"),
    e("lab.engine.retry", "重试", "Retry"),
];
