//! The «?» help's «how to read this page» for the lab's run view and its
//! matrix: what each lane, arrow, mark, bar and card means. Kept apart from
//! the lab's own texts so each file stays short.

use super::{e, Entry};

pub(super) const ENTRIES: &[Entry] = &[
    e("help.lab.lanes",
      "时序图：四条竖线（泳道）从左到右是 harness（会重试的客户端）、网络、服务端和数据库，最左一列是模拟时间（秒，超过一小时用小时）。一行是一步，横箭头是一条消息：蓝色是 HTTP 请求和响应，紫色是 SQL 和它的结果。浅黄底的那一行是当前这一步。",
      "Sequence diagram: the four vertical lines (lanes) are, from left to right, the harness (the retrying client), the network, the server and the database; the leftmost column is simulated time (seconds, hours past an hour). One row is one step and each horizontal arrow one message: blue for HTTP requests and responses, purple for SQL and its result. The row on a light yellow background is the current step."),
    e("help.lab.lost",
      "虚线、末端画 ✕、标着「丢失」的箭头是在路上丢掉的消息：请求丢了，服务端什么都不知道；响应丢了，服务端已经做完，harness 却只看到超时。",
      "A dashed arrow ending in ✕ and labelled «lost» is a message lost on the way: a lost request means the server knows nothing; a lost response means the server has done the work while the harness only sees a timeout."),
    e("help.lab.bars",
      "竖条是一段时间：服务端泳道上的黄色竖条是处理者的停顿（⏸，比如 GC 停顿，超过了租约，从开始处理画到它醒来），灰色竖条是一次正常但慢的处理（慢请求、接管者重做）；harness 泳道上的蓝色竖条是重试前的等待（⏳，指数退避，或服务端 Retry-After 要求的时间）。",
      "Vertical bars are spans of time: a yellow bar on the server lane is a handler's pause (⏸, a GC pause, say, past its lease, from when it starts work to when it wakes), a grey bar a normal but slow piece of work (a slow request, a taker doing the work again); a blue bar on the harness lane is the wait before a retry (⏳, exponential backoff, or what the server's Retry-After asks)."),
    e("help.lab.fence",
      "橙色粗体的说明是这个场景的关键一刻：崩溃、harness 死掉、清理过期键、慢请求醒来写回。带 fencing token 的服务端在这里写着「fence 1 ≠ 2，影响 0 行，ROLLBACK」：醒来的处理者拿的是旧 token，写回更新 0 行，整个事务连同报告回滚，改为重放接管者的结果。",
      "Notes in bold orange are the scenario's key moment: a crash, the harness dying, old keys pruned, a slow handler waking to write back. With a fencing token the server's note reads «fence 1 ≠ 2, 0 rows, ROLLBACK»: the handler that woke holds an old token, its write-back updates 0 rows, and the whole transaction, report included, is rolled back; it replays the taker's result instead."),
    e("help.lab.cards",
      "右边两张结果卡：「这一步之后」只数当前这一步之后库里有几份报告，不下结论；「整次运行结束时」是整次运行的结局：最后几份报告、HTTP 结果和模型最后被告知的工具结果。走到最后一步时，它再用一句话说明为什么，结局不好时附上能修好它的最近组合。",
      "The two result cards: «After this step» only counts the reports in the database after the current step and draws no conclusion; «When the run settles» is the whole run's ending: the final number of reports, the HTTP result and the tool result the model was finally given. At the last step it adds one sentence on why, and, where the ending is bad, a link to the nearest combination that fixes it."),
    e("help.lab.tables",
      "下面两张表是这一步之后的 reports 和 idempotency_keys，这一步新增或改动的行高亮，— 表示 NULL，*_ms 时间列按秒显示（悬停看库里的毫秒值）。参数行列出客户端超时、租约和工具调用时限，可以在图上核对本章的租约规则：租约 > 客户端超时 + 最长处理时间。",
      "Below, the reports and idempotency_keys tables after this step; rows added or changed at this step are highlighted, — means NULL, and the *_ms time columns are shown in seconds (hover for the stored milliseconds). The parameter line gives the client timeout, the lease and the tool-call deadline, so the chapter's lease rule (lease > client timeout + longest processing) can be checked on screen."),
    e("help.matrix.cells",
      "矩阵：每一行是一个故障场景，每一列是一种客户端写法（固定一个服务端）。每一格的大数字是整次运行结束时库里的报告份数，旁边的符号和小字是模型最后被告知的结果；点一格打开那次运行，单步看它为什么是这个数。",
      "Matrix: one row per fault scenario, one column per client strategy (for one server). The big number in a cell is how many reports exist when the run settles; the symbol and small text beside it are what the model was finally told. Click a cell to open that run and step through why."),
    e("help.matrix.symbols",
      "符号（图例在表格上方）：✕ 多于一份，重复副作用；✓ 一份，模型知道已创建；✓? 一份，但模型只知道结果未知；∅ 没有报告，模型知道没创建或被拒绝；? 没有报告，模型却不知道。",
      "Symbols (the legend is above the table): ✕ more than one, a duplicate side effect; ✓ one, and the model knows it was created; ✓? one, but the model only knows the outcome is unknown; ∅ none, and the model knows nothing was created or it was rejected; ? none, and the model does not know."),
    e("help.matrix.marks",
      "☘ 结果对，但靠运气：有一次尝试可能已经执行，重试却没带同一个键（比如每次新键碰上崩溃回滚了第一份报告）。Δ 这一格和上一个服务端不同（按服务端看时，和左边一列不同）。",
      "☘ right, but by luck: an attempt may have taken effect and the retry did not carry the same key (a fresh key per attempt meeting a crash that rolled back the first report, say). Δ the cell differs from the previous server (in the by-server view, from the column to its left)."),
    e("help.matrix.by_server",
      "「场景 × 服务端」视图固定一种客户端写法，各列是按本章搭建顺序排列的预设服务端（朴素 → 先插数据再记键 → 原子占键 → 租约，写回不带条件 → 加租约 → 加 fencing token），链接里的设计不是预设时再多一列。沿一行往右找第一个 ✓，就是修好这个故障的服务端；写回不带条件的租约会让两个租约场景变红：原来那个慢请求醒过来还会再写一份。",
      "The «scenario × server» view fixes one client strategy; its columns are the preset servers in the order the chapter builds them (Naive → Insert, then record key → Atomic claim → Lease, write-back without a condition → With lease → With fencing token), plus one for the link's design when it is no preset. Follow a row to the right to the first ✓, the server that fixes that failure; the lease whose write-back has no condition turns both lease scenarios red: the slow original request wakes and writes another copy."),
    e("common.help.ex.results",
      "答完之后：✓ / ✗ 是判分，下面是解释。「先预测，再运行」的题还列出模型当场算出的值：每一项旁边是你的预测，链接打开产生这个值的那次运行（场景 × 客户端 × 服务端）；惊群题列出每种写法的平均调用次数，★ 标出在最少值容差之内的写法。",
      "After you answer: ✓ / ✗ is the grade, the explanation follows. A «predict, then run» question also lists the values the model just computed: each beside your prediction, with a link to the run that produced it (scenario × client × server); the herd question lists each strategy's mean calls, ★ marking those within the tolerance of the fewest."),
];
