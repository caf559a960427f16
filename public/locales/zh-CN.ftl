# Skein 界面，简体中文。

## Live regions
spoken-code = 代码：{ $text }
spoken-code-long = 代码，共 { $lines } 行，开头：{ $first }
spoken-awaiting-approval = 等待你批准运行：{ $names }。

## Settings
language-label = 语言
language-follow-browser = 跟随浏览器
language-switches-later = 新语言将在下次加载此页面时生效。

## Settings: appearance and keys
appearance-label = 外观
appearance-heading = 语言、主题、文字与按键
appearance-theme = 主题
theme-system = 跟随系统
theme-light = 浅色
theme-dark = 深色
appearance-enter-sends = 按 Enter 发送（Shift+Enter 换行）；关闭时：Ctrl+Enter 发送
appearance-shortcuts = 键盘快捷键

## Settings: about
about-heading = 关于

## Settings: assistant form
assistant-form-heading = 助手
assistant-form-name = 名称（在提示词中也写作 { "{" }{ "{" }char{ "}" }{ "}" }）
assistant-form-system-prompt = 系统提示词
assistant-form-system-prompt-placeholder = 助手应如何回答（可选）
assistant-form-chat-prompt = 每个对话可以有自己的系统提示词（本对话）
assistant-form-name-preamble = 系统提示词以“你是 NAME。”开头
assistant-form-guidance = 常驻指令（随每条消息发送，独立于系统提示词）
assistant-form-guidance-placeholder = 例如：优先使用公制单位；我在里斯本。
assistant-form-user-name = 未选择角色身份时，你在提示词中的名字（{ "{" }{ "{" }user{ "}" }{ "}" }）
assistant-form-time-reminder = 每条消息都告诉模型当前日期和时间
assistant-form-hints = 按需添加提示（消息提到时间时附上你的时区）
assistant-form-temperature = 温度（0–2；留空：服务商默认值）
assistant-form-top-p = Top-p（0–1）
assistant-form-max-tokens = 最大输出 token 数
assistant-form-reasoning = 推理强度
assistant-form-context-threshold = 超过此长度时总结最早的消息（token；留空：32000）
assistant-form-stream = 逐 token 流式输出回答
assistant-form-titles = 根据第一轮对话为新对话命名
assistant-form-suggestions = 建议后续问题（每个回答多一次请求）
assistant-form-honesty = 诚实检查
assistant-form-gate-refusal = 当我要求 Skein 做它在这里做不到的事（发送、预订、提醒）时，直接说明
assistant-form-gate-fabrication = 标出声称做了某事、实际并没有做的回答
assistant-form-gate-follow-up = 标出“稍后回复我”之类的承诺，并加入跟进事项
assistant-form-honesty-hint = 角色扮演的角色默认关闭，因为它们的行动属于故事。
assistant-form-shared-workspace = 所有对话共用一个文件工作区（关闭：每个对话各自一个）
assistant-form-knowledge = 它据以回答的知识库
assistant-form-knowledge-none = 还没有：请在“知识库”中创建。
assistant-form-world-books = 它使用的世界书
assistant-form-world-books-none = 还没有世界书：请在“世界书与词典”中导入。
assistant-form-dictionaries = 它使用的对话词典
assistant-form-dictionaries-none = 还没有词典：请在“世界书与词典”中创建。
assistant-form-save = 保存助手

## Chat header: assistant picker
assistant-picker-label = 助手
assistant-picker-title = 负责回答的助手（其指令、工具和知识）

## Composer: attachments
attachments-label = 已附加的文件

## Settings: backup and export
backup-label = 备份
backup-include-keys = 包含 API 密钥（任何拿到文件的人都能使用它们）
backup-everything = 备份全部内容
backup-import = 导入或恢复（Skein 备份或对话导出文件，或 ChatGPT 的 conversations.json）
export-label = 导出此对话
export-verb = 导出
export-markdown = Markdown
export-json = JSON

## Settings: about (continued)
about-version = Skein { $version }（构建 { $build }）
about-version-dev = Skein { $version }（开发构建）
offline-checking = 正在检查 Skein 能否离线使用…
offline-ready = 可离线使用：对话、搜索、设置和导出都无需网络；消息会等到你重新联网后再发送。
offline-not-in-build = 此开发构建无法离线使用（请使用 `cargo xtask serve`）。
offline-unavailable = 此浏览器无法让 Skein 离线可用：{ $why }

## Composer: attachments (continued)
attachments-remove = 移除 { $name }

## Settings: reasoning effort
reasoning-auto = 服务商默认
reasoning-off = 关闭（尽可能少）
reasoning-low = 低
reasoning-medium = 中
reasoning-high = 高
reasoning-max = 最高

## Branch map
branch-map-label = 消息及其各个版本
branch-map-heading = 分支
branch-map-close = 关闭分支图
branch-map-hint = 高亮的路径就是屏幕上显示的那条。选择一条消息即可显示它所在的分支（↑ ↓ 移动，← 回到分叉处，Enter 显示）。
branch-map-version = 版本
branch-map-on-screen = 正在显示

## Characters: editor
character-editor-label = 编辑角色
character-editor-name = 名称
character-editor-nickname = 昵称（设置后 { "{" }{ "{" }char{ "}" }{ "}" } 代表它）
character-editor-description = 描述
character-editor-personality = 性格
character-editor-scenario = 场景
character-editor-first-message = 开场消息
character-editor-greetings = 备选问候语（开场消息的其他版本）
character-editor-remove = 移除
character-editor-add-greeting = 添加问候语
character-editor-examples = 示例对话（各示例以 <START> 分隔）
character-editor-system-prompt = 系统提示词（{ "{" }{ "{" }original{ "}" }{ "}" } 代表助手自己的提示词）
character-editor-post-history = 历史后指令（在对话之后发送）
character-editor-creator-notes = 作者备注（仅显示，从不发送）
character-editor-tags = 标签（以逗号分隔）
character-editor-creator = 作者
character-editor-no-book = 它没有角色书。
character-editor-export-book = 将它的书导出为 World Info
character-editor-world-books = 此角色使用的世界书
world-books-none-settings = 还没有世界书：请在“设置 → 世界书与词典”中导入。
character-editor-save = 保存角色
character-editor-back = 返回角色库

## Characters: gallery
character-gallery-label = 角色
character-gallery-import = 导入角色卡
character-gallery-search = 搜索角色
character-gallery-hint = 支持 JSON 或 PNG 内嵌的 Character Card V1、V2、V3（SillyTavern、Chub 等）。角色卡只在本页面中读取，不会上传任何内容。
character-gallery-filter-tag = 按标签筛选
character-gallery-empty = 还没有角色：导入一张角色卡开始吧。
character-gallery-no-match = 没有符合搜索和标签的角色。
character-gallery-tags = 标签
character-gallery-no-greeting = 没有问候语：对话从你的消息开始。
character-gallery-one-greeting = 以它的问候语开场。
character-gallery-chat = 对话
character-gallery-edit = 编辑
character-gallery-export = 导出
character-gallery-png = PNG 卡片
character-gallery-json-v2 = JSON（V2）
character-gallery-json-v3 = JSON（V3）
character-gallery-delete = 删除

## Chat settings (this chat)
chat-settings-label = 本对话
chat-settings-close = 关闭本对话的设置
chat-settings-speak-as = 你的发言身份
chat-settings-default-no-persona = 默认（无角色身份）
chat-settings-personas-hint = 角色身份在“设置 → 角色”中创建。
chat-settings-prompt = 本对话的系统提示词
chat-settings-prompt-placeholder = 留空：使用助手自己的
chat-settings-prompt-not-allowed = 本对话的助手不允许对话使用自己的系统提示词（可在助手设置中开启）。
chat-settings-prompt-hint = 代替助手的系统提示词发送；使用角色时，替换 { "{" }{ "{" }original{ "}" }{ "}" }（角色卡保留）。
chat-settings-save-prompt = 保存提示词
chat-settings-world-books = 本对话中的世界书
chat-settings-dictionaries = 本对话中的对话词典
dictionaries-none-settings = 还没有词典：请在“设置 → 世界书与词典”中创建。

## Conversation
chat-empty-heading = 有什么可以帮你？
chat-empty-type = 在下方输入并按 Enter；回答会边写边显示。
chat-empty-attach = 附加文档、图片或 ZIP 文件，就它提问。
chat-empty-versions = 重新生成或编辑消息以尝试另一个版本：每个版本都会保留。
chat-empty-shortcuts = 按 ? 查看键盘快捷键。
chat-follow-ups-label = 建议的后续问题
chat-jump-latest = ↓ 跳到最新

## Citations
citations-label = 来源
citations-open-conversation = 打开此对话

## Composer
composer-label = 消息
composer-placeholder-enter = 消息（Enter 发送，Shift+Enter 换行）
composer-placeholder-ctrl-enter = 消息（Ctrl+Enter 发送，Enter 换行）
composer-attach-title = 附加图片或文本文件（也可粘贴或拖放）
composer-attach = 附加
composer-attach-label = 附加文件
composer-send = 发送
composer-stop = 停止

## Context meter
context-meter-title = 下一次请求的估计 token 数。超过阈值后，最早的消息会被总结（仅在请求中，不会删除任何内容）。在设置中填写模型的上下文窗口即可据此衡量。
context-meter-label = 已用上下文
context-meter-inspect = 检查

## Characters (continued)
character-editor-heading = 编辑 { $name }
character-editor-greeting = 备选问候语 { $n }
character-editor-remove-greeting = 移除备选问候语 { $n }

## Chat settings (continued)
chat-settings-default-persona = 默认角色身份（{ $name }）

## Plurals: characters and the conversation
character-editor-book = 它的角色书（{ $n } 个条目）就是此助手的设定集。
character-gallery-greetings = 以 { $n } 条问候语之一开场（‹ › 切换）。
chat-show-earlier = 显示更早的消息（还有 { $n } 条）

## Settings: dictionaries
dictionary-editor-label = 编辑词典
dictionary-name = 名称
dictionary-budget = Token 预算（每条消息）
dictionary-hint = 词语按整词匹配，不区分大小写；正则表达式可在替换文本中使用 $1。“概率”和“最多”按每条消息计算。
dictionary-word = 词语或模式
dictionary-replacement = 替换为
dictionary-chance = 概率（%）
dictionary-at-most = 最多（留空：全部）
dictionary-regex = 正则表达式
dictionary-enabled = 启用
dictionary-remove = 移除
dictionary-add-entry = 添加条目
dictionary-save = 保存词典
dictionary-back = 返回列表
dictionary-heading = 对话词典
dictionary-import = 导入词典
dictionary-new = 新建词典
dictionary-intro = 对你发送的内容进行替换，只作用于请求（你的消息保持原样）。文件格式：Skein 词典格式、"词语": "替换" 形式的对象，或条目列表。

## Errors
error-retry = 重试
error-dismiss = 关闭

## Settings: fallbacks
fallback-up = 上移
fallback-remove = 移除
fallback-heading = 备用服务
fallback-hint = 服务商在回答前失败时，按顺序尝试这些备用服务。连续失败 3 次的会被跳过 30 秒；回答会注明由谁作答。
fallback-protocol = 协议
fallback-base-url = 基础 URL
fallback-api-key = API 密钥
fallback-model = 模型
fallback-add = 添加备用服务

## Lists of files (edit, export, delete)
file-row-edit = 编辑
file-row-export = 导出
file-row-delete = 删除

## Find in conversation
find-label = 在此对话中查找
find-previous = 上一个匹配
find-next = 下一个匹配
find-close = 关闭查找

## Follow-ups
follow-up-remind-at = 提醒时间
follow-up-set = 设置
follow-up-open-again = 重新打开
follow-up-done = 完成
follow-up-delete = 删除
follow-up-label = 待跟进
follow-up-close = 关闭待跟进
follow-up-intro = 助手只在你写信时才回答，无法主动回来找你。它的承诺记在这里：设定时间，Skein 就会提醒你（只要它在某个标签页中打开着）。
follow-up-none = 没有待跟进事项。

## Extension: host permissions
host-permissions-heading = Skein 可以访问的网站
host-permissions-hint = 作为扩展，Skein 可以调用不允许网页访问的服务商（没有 CORS 头），但只限你逐一授权的网站：保存服务商时它会询问。
host-permissions-none = 还没有。
host-permissions-revoke = 撤销

## Images
image-loading = 图片加载中…

## Knowledge
knowledge-heading = 知识库
knowledge-intro = 文档保存在此浏览器中。助手根据绑定给它的知识库回答，并注明出处。
knowledge-new-name = 新知识库名称
knowledge-new-placeholder = 新知识库
knowledge-create = 创建
knowledge-delete-base = 删除知识库
knowledge-delete = 删除
knowledge-embedding-placeholder = 嵌入模型，例如 text-embedding-3-small 或 nomic-embed-text
knowledge-use = 使用
knowledge-reembed-label = 重新嵌入知识库？
knowledge-chunk-size = 分块大小（字符）
knowledge-overlap = 重叠
knowledge-chunking-label = 适用于此后添加的文档
knowledge-chunking-apply = 应用于新文档
knowledge-add-files = 添加文件（文本、Markdown、HTML、PDF、Word）
knowledge-paste-title-label = 粘贴文本的标题
knowledge-paste-title = 标题
knowledge-paste-text-label = 要添加的文本
knowledge-paste-text = 粘贴要添加的文本
knowledge-add-text = 添加文本

## Knowledge, dictionaries, fallbacks, follow-ups (with placeholders)
dictionary-editor-heading = 编辑 { $name }
dictionary-entries = { $n } 个条目
fallback-up-label = 提前尝试 { $label }
fallback-remove-label = 移除 { $label }
fallback-the-provider = （服务商）
follow-up-in-chat = 在“{ $title }”中
knowledge-embedded = 已用 { $model } 嵌入 { $total } 个分块中的 { $done } 个。
knowledge-by-words = 按词语搜索。为服务商设置嵌入模型后，也能按语义搜索。
knowledge-delete-base-label = 删除知识库 { $name } 及其文档
knowledge-document-summary = { $name } · { $count } 个分块
knowledge-delete-document = 删除 { $name }
knowledge-embedding-label = { $name } 的嵌入模型
knowledge-reembed-offer = { $count } 个分块是用 { $old } 嵌入的。不同模型的向量从不相互比较：要使用 { $new }，每个分块都要重新嵌入（在此期间按词语搜索该知识库）。
knowledge-reembed-with = 用 { $new } 重新嵌入
knowledge-keep = 保留 { $old }
knowledge-add-files-label = 向 { $name } 添加文件

## Markdown in messages
markdown-task = 任务
markdown-copy-code = 复制代码
copied = 已复制
copy = 复制
markdown-link-removed = 链接已移除：不是网页或邮件地址
markdown-image-not-web = 图片未显示：不是网页地址
markdown-open-it = 打开它

## Settings: MCP servers
mcp-edit-label = 编辑 MCP 服务器
mcp-add-label = 添加 MCP 服务器
mcp-name = 名称（作为其工具名称的前缀）
mcp-address = 地址（Streamable HTTP 端点）
mcp-address-placeholder = https://example.com/mcp
mcp-sign-in = 登录方式
mcp-auth-none = 无
mcp-auth-bearer = Bearer 令牌
mcp-auth-header = 自定义请求头
mcp-token = 令牌
mcp-header-name = 请求头名称
mcp-header-value = 请求头值
mcp-save = 保存服务器
mcp-add = 添加服务器
cancel = 取消
mcp-test = 测试
mcp-on = 启用
mcp-edit = 编辑
mcp-remove = 移除
mcp-its-tools = 它的工具
mcp-heading = MCP 服务器
mcp-intro = 通过 Streamable HTTP 使用模型上下文协议（MCP）的服务器所提供的工具。服务器必须允许此网站访问（CORS）。在“助手”中为某个助手启用其工具；可能做出更改的工具会先征求你的同意。

## Settings: memories
memory-heading = 记忆
memory-intro = 助手记住的关于你的事。它们作为信息提供给模型，从不作为指令。
memory-none = 还没有记住任何内容。
memory-every-assistant = 所有助手
memory-label = 记忆
memory-save = 保存
memory-forget-label = 忘记这条记忆
memory-forget = 忘记

## Messages
message-previous-version = 上一个版本
message-next-version = 下一个版本
message-reasoning-live = 推理中…
message-reasoning = 推理过程
message-edit-label = 编辑消息
message-save-send = 保存并发送
message-edit = 编辑
message-regenerate = 重新生成
message-continue = 继续
message-copy-label = 复制消息文本
message-inspect = 检查请求
message-delete = 删除

## Model picker
model-picker-label = 模型

## Notifications
notify-enable = 后台标签页中的回答完成时通知我
notify-on = 通知已开启：后台标签页中的回答完成时会通知你。
notify-blocked = 浏览器设置中已阻止此网站的通知。
notify-unsupported = 此浏览器无法在这里显示通知。

## Settings: personas
persona-label = 角色身份
persona-heading = 你的角色身份
persona-intro = 你在对话中的身份：{ "{" }{ "{" }user{ "}" }{ "}" } 所代表的名字，以及告诉模型的描述。新对话使用默认身份；每个对话可在“本对话”中自行选择。
persona-default = 默认角色身份
persona-none = 无（使用助手设置的用户名）
persona-name-label = 角色身份名称
persona-description-label = 角色身份描述
persona-save = 保存
persona-delete = 删除
persona-new-label = 新角色身份
persona-new-name = 名称（{ "{" }{ "{" }user{ "}" }{ "}" } 将替换为它）
persona-new-name-label = 新角色身份名称
persona-new-description = 描述（可选）
persona-new-description-label = 新角色身份描述
persona-add = 添加角色身份

## Prompt inspector
inspector-label = 提示词检查器
inspector-close = 关闭提示词检查器
inspector-building = 正在构建请求…
inspector-world-books = 设定集与世界书
inspector-no-entry = 没有触发任何条目。
inspector-dictionaries = 对话词典
inspector-messages = 消息
inspector-tools = 提供的工具
inspector-body = 确切的请求正文
inspector-copy-body = 复制请求正文

## Markdown, MCP, memories, messages, models, inspector (with placeholders)
markdown-image-alt = [图片：{ $alt }]
markdown-image-tells = 加载它会让 { $host } 知道你正在阅读此内容。
markdown-image-load = 从 { $host } 加载图片
markdown-image-load-alt = 从 { $host } 加载图片：{ $alt }
markdown-image-loading = 正在从 { $host } 加载图片…
markdown-image-failed = 无法显示来自 { $host } 的图片：{ $reason }。
mcp-status-off = 已关闭
mcp-status-connected = 已连接 · { $count } 个工具
mcp-status-error = 未连接：{ $error }
mcp-status-connecting = 正在连接…
mcp-left-out = 未纳入：{ $tools }。
mcp-not-offered = 未提供：{ $tools }
memory-known-to = 知晓者：{ $whose }
message-corrected = 并未完成：这个回答说“{ $claimed }”，但实际上什么也没做：Skein 没有为它运行任何工具。
message-corrected-dismiss = 隐藏提示
message-follow-up-promise = “{ $phrase }”：助手无法主动跟进。它已记在你的“待跟进”中：在那里设定时间即可收到提醒。
message-reasoned-for = 推理了 { $seconds } 秒
model-ability-vision = 视觉
model-ability-tools = 工具
model-ability-reasoning = 推理
model-picker-title = 模型，来自 { $provider }
inspector-totals = { $model } · 约 { $tokens } 个 token，{ $messages } 条消息{ $tools ->
    [0] {""}
   *[other] ，{ $tools } 个工具
}
inspector-tokens = 约 { $tokens } 个 token
inspector-dictionary-line = { $name }：替换了 { $replaced } 处{ $skipped ->
    [0] {""}
   *[other] ，{ $skipped } 处因预算而未替换
}
inspector-summary-pending = 发送时将为前 { $messages } 条消息生成新的总结。
inspector-summary = 一份总结（约 { $tokens } 个 token）代替了前 { $messages } 条消息。
inspector-tool-line = { $name }（约 { $tokens } 个 token）
pick-list-everywhere = （在每个对话中生效）

## Regenerate with another model
regenerate-other-model = 用其他模型重新生成
regenerate-listing = 正在列出服务商的模型…
regenerate-no-models = 服务商没有列出任何模型。
regenerate-with = 用以下模型写一个新版本

## Regex rules
regex-heading = 正则规则（查找并替换；替换文本中可用 $1 或 ${ "{" }name{ "}" }）
regex-name = 名称
regex-pattern = 模式
regex-replacement = 替换为
regex-your-messages = 你的消息
regex-answers = 回答
regex-on = 启用
regex-remove-label = 移除此规则
regex-remove = 移除
regex-add = 添加规则

## Settings: provider connection
provider-connection = 连接
provider-protocol = 协议
provider-base-url = 基础 URL
provider-api-key = API 密钥（本地服务器留空）
provider-model = 模型
provider-fetch-models = 获取模型列表
provider-models-label = 服务商提供的模型
provider-choose-model = 选择模型…
provider-limits = 超时与限制
provider-first-token-timeout = 首个 token 超时（秒；推理模型可能思考数分钟）
provider-idle-timeout = 空闲超时（回答开始后无新文本的秒数）
provider-requests-per-minute = 每分钟请求数（留空：不限）
provider-tokens-per-minute = 每分钟 token 数（留空：不限）
provider-advanced = 模型窗口、嵌入、工具、自定义请求头和请求体
provider-context-window = 上下文窗口（token；留空：未知；服务商的模型列表提供时自动填入）
provider-embedding-model = 用于记忆的嵌入模型（留空：按词语挑选记忆）
provider-embedding-placeholder = 例如 text-embedding-3-small 或 nomic-embed-text
provider-tools = 模型可以调用工具（关闭：不发送工具定义）
provider-vision = 模型能看图片（关闭：由下方的模型读取图片，或不发送）
provider-vision-model = 替它读取图片的模型（此服务商的视觉模型；留空：无）
provider-vision-placeholder = 例如 gpt-4o-mini 或 llava
provider-headers = 自定义请求头，每行一个 "名称: 值"（随每个请求发送；值可能是机密，按 API 密钥的方式保存）
provider-body = 自定义请求体条目：合并进每个对话请求的 JSON 对象
provider-save = 保存

## Settings navigation
settings-sections-label = 设置分区

## Keyboard shortcuts
shortcuts-heading = 键盘快捷键
shortcuts-close = 关闭

## Sidebar
sidebar-label = 对话
sidebar-new-chat = 新对话
sidebar-search-label = 搜索对话
sidebar-search-placeholder = 搜索标题和消息
sidebar-no-match = 没有匹配的对话。
sidebar-empty = 你的对话会按从新到旧列在这里，并保存在此浏览器中。
sidebar-temporary = 临时
sidebar-generating = 生成中
sidebar-new-title = 新标题

## Storage
storage-check-again = 重新检查
reload = 重新加载
storage-heading = 存储

## Conversation summary
summary-none = 还没有总结：此分支的每条消息都会随每个请求发送。
summary-your-instructions = 你的指令：
summary-edit = 编辑
summary-reset = 重置
summary-your-version = 你的版本
summary-save = 保存
summary-cancel = 取消
summary-label = 对话总结
summary-close = 关闭总结
summary-instructions = 总结的指令（可选）
summary-instructions-placeholder = 保留代码和所有日期
summary-now = 立即总结
summary-now-hint = 用本对话的模型总结你最后一个问题之前的全部内容：一次请求。

## Message template
template-label = 消息模板（包裹你发送的每条消息；留空：原样发送）
template-put-cursor = 将光标移到那里
template-syntax = 模板语法
template-inserts = 插入一个值；
template-if = 在值不为空时保留其中的文字；
template-else = 给出另一段文字。
template-rest = 其余内容原样发送。

## Temporary chat
temporary-banner = 临时对话。
temporary-banner-detail = 它的任何内容都不会保存在此设备上；Skein 关闭或重新加载后即消失。
temporary-keep = 保留此对话
temporary-toggle = 临时对话
temporary-next-hint = 此对话不会被保存：除非你保留它，否则 Skein 关闭或重新加载后即消失。
temporary-hint = 在你保留之前，不会保存，也不在备份中。

## Tool calls
tool-call-error = 错误
tool-call-result = 结果
tool-call-approve = 批准
tool-call-deny = 拒绝
tool-call-answer = 代为回答…
tool-call-answer-label = 你代替工具给出的回答
tool-call-send-answer = 发送回答
tool-policies-heading = 助手可以调用的工具
tool-policies-none = 没有可用的工具。

## Undo, updates, usage, waiting
undo = 撤销
usage-chart-label = 按模型统计的每日 token 数；下表列出具体数字
usage-chart-models = 模型
waiting-dont-send = 不发送

## Settings pages
settings-providers = 服务商
settings-assistants = 助手
settings-characters = 角色
settings-world-books = 世界书与词典
settings-knowledge = 知识与记忆
settings-tools = 工具
settings-appearance = 外观
settings-usage = 用量
settings-data = 数据
settings-providers-summary = 回答从哪里来：服务商、密钥、模型和限制。
settings-assistants-summary = 谁来回答：指令、采样、工具以及每个工具能做什么。
settings-characters-summary = 来自角色卡文件的角色，以及你在对话中的身份：你的角色身份。
settings-world-books-summary = 关键词出现时加入提示词的设定（SillyTavern World Info），以及在你发送的内容中替换的词语。
settings-knowledge-summary = 用来回答的文档，以及助手记住的关于你的事。
settings-tools-summary = 能做事的工具：网页搜索，以及 MCP 服务器及其提供的功能。
settings-appearance-summary = 主题、文字大小、通知和键盘快捷键。
settings-usage-summary = 按服务商报告的每日、每个模型的 token 数及其费用。
settings-sync = 同步
settings-sync-summary = 在你使用的每个浏览器中保留你的对话，离开本浏览器前即已加密。
sync-heading = 跨设备同步
sync-intro = 通过一台支持 CouchDB 复制协议的服务器（CouchDB、PouchDB Server、Cloudant，由你自建或租用），让你使用的每个浏览器中的对话保持一致。所有内容在离开本浏览器之前，都会在这里用由你的口令生成的密钥加密：服务器无法读取你的对话。
sync-what = 从不同步：附件文件和知识库留在添加它们的设备上，因为一个文件或知识库可达数兆字节，而 CouchDB 默认拒绝超过 8 MB 的文档（可用“数据”中的备份文件迁移）。助手（包括角色）和记忆暂不同步。
sync-scope-heading = 同步内容
sync-scope-conversations = 对话及其消息，包括删除
sync-scope-settings = 设置：服务商与模型、人设、世界书、聊天词典、MCP 服务器、网页搜索和工作流
sync-scope-keys = 随设置同步 API 密钥及其他凭据（请求头值、MCP 令牌、网页搜索密钥），与其余内容一样加密
sync-scope-hint = 开启设置同步的设备会采用已同步的设置。两台设备在离线期间修改同一设置时，以较晚同步的为准。不同步 API 密钥时，每台设备保留自己的密钥。
sync-url = 数据库地址（https://…/数据库）
sync-username = 用户名
sync-password = 密码
sync-passphrase = 口令
sync-passphrase-hint = 每台设备都要使用同一个口令。口令无法找回：没有它，同步的副本无法读取。由口令生成密钥需要片刻。
sync-connect = 连接并同步
sync-connecting = 正在连接…
sync-with = 正在以 { $user } 身份与 { $url } 同步
sync-with-anonymous = 正在与 { $url } 同步
sync-running = 正在同步…
sync-paused = 已暂停：恢复之前不会发送或接收任何内容。
sync-never = 尚未同步。
sync-last = 上次同步：{ $when }。
sync-pulling = 正在接收…已应用 { $count } 项
sync-pushing = 正在发送…{ $sent } / { $total }
sync-report = 上一轮：接收 { $pulled } 项，发送 { $pushed } 项，在此删除 { $deleted } 项。
sync-report-unreadable = 有 { $count } 项无法用此口令打开，已保持原样。
sync-pending = 此处有 { $count } 项更改尚未发送。
sync-now = 立即同步
sync-pause = 暂停
sync-resume = 恢复
sync-forget = 在此设备上停止同步
sync-forget-hint = 停止后，你的对话仍保留在这里和服务器上；此浏览器会忘记服务器和密钥。
sync-conflicts-heading = 在两台设备上被重命名
sync-conflict = 保留了“{ $kept }”；另一台设备上为“{ $other }”（{ $when }）。
sync-settings-conflicts-heading = 在两台设备上更改的设置
sync-settings-conflict = { $area }：保留了较晚同步的版本；{ $whose }版本已被替换（{ $when }）。
sync-settings-lost-here = 本设备的
sync-settings-lost-there = 另一台设备的
sync-take-other = 改用被替换的版本
sync-area-providers = 服务商与模型
sync-area-personas = 人设
sync-area-world-books = 世界书
sync-area-dictionaries = 聊天词典
sync-area-mcp-servers = MCP 服务器
sync-area-web-search = 网页搜索
sync-area-workflows = 工作流
settings-data-summary = 存储、备份、导入和此构建。

## Settings: providers (continued)
provider-kind-openai = OpenAI 兼容（OpenAI、Ollama、llama.cpp、vLLM、OpenRouter、Groq、Mistral、DeepSeek）
provider-kind-anthropic = Anthropic
provider-kind-gemini = Google Gemini
provider-whole-number = { $field }必须是整数（或留空）。
provider-field-first-token = 首个 token 超时
provider-field-idle = 空闲超时
provider-field-rpm = 每分钟请求数
provider-field-tpm = 每分钟 token 数
provider-field-context-window = 上下文窗口
saved = 已保存。
regex-rule-default-name = 规则 { $n }

## Keyboard shortcuts (continued)
shortcut-new-chat = 新对话
shortcut-search = 搜索对话
shortcut-find = 在此对话中查找
shortcut-focus-composer = 聚焦消息输入框
shortcut-escape = 关闭面板，或停止正在生成的回答
shortcut-send = 发送 / 换行（也可在设置中改为 Ctrl+Enter 发送）
shortcut-help = 显示这些快捷键

## Storage (continued)
storage-using-of = 已使用 { $used }，此浏览器允许 { $quota }。
storage-using = 已使用 { $used }。
storage-usage-unknown = 此浏览器不报告已使用的存储空间。
storage-persistent = 存储是持久的：浏览器不会自行清除。
storage-not-persistent = 存储不是持久的：空间不足时浏览器可能清除它。请备份重要内容。
storage-persistence-unknown = 此浏览器没有说明是否可能清除 Skein 的存储。

## Tool calls (continued)
tool-call-waiting = 等待你的批准
tool-call-denied = 已拒绝
tool-call-answered = 由你代答
tool-call-failed = 失败
tool-call-ran = 已运行
tool-call-running = 运行中…
tool-call-label = 工具调用：{ $name }
tool-choice-off = 关闭
tool-choice-default-ask = 开启（默认：先询问）
tool-choice-default-auto = 开启（默认：自动运行）
tool-choice-ask = 开启，每次都问我
tool-choice-auto = 开启，无需询问直接运行
tool-choice-label = { $name }：何时可以运行

## Sidebar (continued)
sidebar-rename = 重命名“{ $title }”
sidebar-delete = 删除“{ $title }”
sidebar-show-more = 显示更早的对话（还有 { $n } 个）

## Summary, template, undo, usage, waiting (with placeholders)
summary-threshold = 超过约 { $tokens } 个 token 后，最早的消息会自动被总结。
template-problem = 第 { $line } 行，第 { $column } 列：{ $problem }
undo-deleted = 已删除“{ $title }”。
usage-chart-bar = { $day } · { $model }：{ $tokens } 个 token
waiting-back-online = 已恢复联网：正在发送你的消息…
waiting-offline = 等待网络连接：你的消息已保存，恢复联网后就会发送。
summary-stands-in = 在请求中，它代替前 { $count } 条消息；这些消息仍原样保留在这里。
summary-covered = 它所代替的 { $count } 条消息

## Settings: usage
usage-price-in = 输入
usage-price-out = 输出
usage-none = 此期间没有调用服务商。从现在起，每个回答的调用都会被统计，且只在此设备上。
usage-model = 模型
usage-calls = 调用次数
usage-tokens-in = 输入 token
usage-tokens-out = 输出 token
usage-price = 每百万价格（输入 / 输出）
usage-cost = 费用
usage-intro = token 数以服务商报告的为准。价格由你填写，按每百万 token 计，任何货币均可；它们只保存在此设备上。
usage-label = 用量
usage-period = 时间范围
usage-export-csv = 导出 CSV

## Settings: web search
web-search-heading = 网页搜索
web-search-intro = web_search 工具会向此服务查询，并为用到的每个结果注明出处。SearXNG 必须允许此网站访问（CORS）并开启 JSON 格式；Brave 的 API 不允许任何网页访问，因此只能在浏览器扩展中使用。
web-search-service = 服务
web-search-address = 地址
web-search-api-key = API 密钥
web-search-token = 令牌（可选）
web-search-results = 每次搜索的结果数
web-search-safe = 安全搜索
web-search-safe-off = 关闭
web-search-safe-moderate = 中等
web-search-safe-strict = 严格
web-search-save = 保存网页搜索设置

## Welcome
welcome-heading = 欢迎使用 Skein
welcome-intro = 选择回答从哪里来。你的密钥和对话都保存在此浏览器中。
welcome-providers = 服务商
welcome-address = 地址（基础 URL）
welcome-api-key = API 密钥
welcome-api-key-optional = API 密钥（如果服务器需要）
welcome-connect = 连接
welcome-connecting = 正在连接…
welcome-no-models = 已连接，但服务商没有列出任何模型：请在完整设置中选择一个。
welcome-model = 模型
welcome-start = 开始对话
welcome-all-settings = 全部设置
welcome-all-settings-detail = —— 自定义请求头、超时、备用服务、助手、知识库和备份。或者
welcome-look-around = 先四处看看

## Workflows: editor
workflow-step-title = 标题
workflow-step-kind = 类型
workflow-kind-question = 提问
workflow-step-ask = 要问的问题
workflow-step-opening = 开场提示（第一轮要问什么）
workflow-step-partner = 对话伙伴如何参与（可选）
workflow-step-moderator = 主持人何时结束此步骤（可选）
workflow-step-rounds = 轮数上限
workflow-step-partner-model = 伙伴的模型（留空：对话模型）
workflow-step-moderator-model = 主持人的模型（留空：对话模型）
workflow-move-up = 上移
workflow-move-down = 下移
workflow-remove-step = 移除步骤
workflow-editor-label = 编辑工作流
workflow-name = 名称
workflow-description = 描述
workflow-runs-keep = 已开始的运行会保留开始时的步骤。
workflow-add-question = 添加提问
workflow-add-dialogue = 添加对话
workflow-save = 保存工作流
workflow-back = 返回工作流列表

## Usage (continued)
usage-last-7 = 最近 7 天
usage-last-30 = 最近 30 天
usage-last-90 = 最近 90 天
usage-everything = 全部
usage-cost-total = 费用 { $cost }
usage-unpriced = 未定价（不计入费用）：{ $models }。
usage-price-in-label = { $model }：每百万输入 token 的价格
usage-price-out-label = { $model }：每百万输出 token 的价格

## Welcome (continued)
welcome-use = 使用 { $name }

## Workflows (continued)
workflow-kind-dialogue = 多轮对话
workflow-mode-stock = 按原文
workflow-mode-phrased = 由模型根据之前的回答措辞
workflow-step-context-none = 此步骤的上下文：除运行本身的之外没有
workflow-step = 第 { $n } 步
workflow-rounds-hint = 每一轮：你回答，伙伴回应，主持人决定是否再来一轮（最多 { $max } 轮）。
workflow-editor-heading = 编辑 { $name }

## World books: entry choices
lore-position-before = 系统提示词之前（角色之前）
lore-position-after = 系统提示词之后（角色之后）
lore-position-top = 对话顶部
lore-position-last-user = 最后一条用户消息之前
lore-position-depth = 消息中的某个深度
lore-position-an-top = 作者注释，顶部（深度 4）
lore-position-an-bottom = 作者注释，底部（深度 4）
lore-position-em-top = 示例对话之前
lore-position-em-bottom = 示例对话之后
lore-logic-and-any = 且其中任意一个
lore-logic-and-all = 且全部
lore-logic-not-any = 且一个都没有
lore-logic-not-all = 且并非全部
role-system = 系统
role-user = 用户
role-assistant = 助手
usage-summary = { $calls } 次调用 · 输入 { $in } 个 token · 输出 { $out } 个
usage-unfinished = { $n } 次未完成
welcome-local-running = 正在此电脑上运行（{ $n } 个模型）。无需密钥，数据不会离开本机。
welcome-connected = 已连接：{ $n } 个模型。
workflow-step-context = 此步骤的上下文：已选 { $n } 项

## Workflows: a run
workflow-run-you = 你：
workflow-run-partner = 伙伴：
workflow-run-phrased-title = 由模型根据你之前的回答措辞
workflow-run-phrased = 模型措辞
workflow-run-moderator = 主持人总结：
workflow-run-end-dialogue = 结束此对话
workflow-run-working = 处理中…
workflow-run-try-again = 重试
workflow-run-complete = 此次运行已完成，到此为止；可以把它作为对话继续，深入讨论其中的回答。
workflow-run-open-chat = 打开它的对话
workflow-run-continue-chat = 作为对话继续
workflow-run-waiting = 等待继续。
workflow-run-continue = 继续
workflow-run-stop = 停止
workflow-run-export-markdown = 导出 Markdown
workflow-run-export-json = 导出 JSON
workflow-run-all = 全部工作流

## Workflows: screen
workflow-gone = 该工作流已不再保存。
workflow-start-label = 开始一次运行
workflow-context = 每个步骤的上下文（可选）
workflow-context-none = 还没有之前的对话或知识库。
workflow-start-run = 开始运行
workflow-cancel = 取消
workflow-new = 新建工作流
workflow-import = 导入工作流
workflow-draft-hint = 或者用一句话描述目标，由模型起草步骤供你编辑
workflow-draft-placeholder = 准备一场求职面试
workflow-drafting = 起草中…
workflow-draft = 用模型起草
workflow-heading = 工作流
workflow-none = 还没有工作流。工作流会带你完成一系列提问和有主持的多轮对话，并保留你的回答。
workflow-start = 开始
workflow-edit = 编辑
workflow-duplicate = 复制
workflow-export = 导出
workflow-delete = 删除
workflow-runs = 运行记录
workflow-no-runs = 还没有运行记录。
workflow-open = 打开
workflow-run-gone = 该运行记录已不再保存。
workflow-back-to-chat = 返回对话

## Workspace files
workspace-label = 本对话的文件
workspace-close = 关闭文件
workspace-intro = 助手用它的工作区工具读写这些文件（在“设置 → 助手”中开启；写入前会先询问你）。skills/ 中的 Markdown 文件是它可以加载的技能。较长的工具输出保存在 tool_outputs/ 中。
workspace-folder = 放入的文件夹（留空：顶层；技能放在 skills/）
workspace-folder-placeholder = 例如 skills
workspace-upload = 上传文件
workspace-reading = 正在读取文件…
workspace-none = 还没有文件。
workspace-files = 文件
workspace-view = 查看
workspace-download = 下载
workspace-delete = 删除

## World books: editor
lore-tag-off = 关闭
lore-tag-always = 常驻
lore-title = 标题
lore-enabled = 启用
lore-constant = 始终启用（常驻）
lore-keys = 关键词，以逗号分隔（正则表达式写作 /pattern/i）
lore-case-sensitive = 区分大小写
lore-whole-words = 仅匹配整词
lore-secondary-keys = 次要关键词（可选）
lore-logic = 关键词匹配时，触发条件…
lore-content = 内容（告诉模型的话）
lore-position = 位置
lore-depth = 深度（0：最后一条之后）
lore-role = 身份
lore-order = 顺序
lore-priority = 优先级
lore-chance = 概率（%）
lore-scan-depth = 扫描深度
lore-order-hint = 条目相遇时，顺序小的在前；预算不足时，优先保留优先级高的；扫描深度留空则使用书的设置。
lore-exclude-recursion = 不会被其他条目触发
lore-prevent-recursion = 它的文本不会触发其他条目
lore-remove-entry = 移除条目
world-book-editor-label = 编辑世界书
world-book-name = 名称
world-book-description = 描述
world-book-scan-depth = 扫描深度（消息数）
world-book-budget = Token 预算
world-book-recursive = 递归：条目的文本可以触发其他条目
world-book-add-entry = 添加条目
world-book-save = 保存世界书
world-book-back = 返回列表

## World books: list
world-books-label = 世界书
world-books-import = 导入 World Info
world-books-new = 新建世界书
world-books-intro = SillyTavern World Info 文件（以及从角色卡导出的书）。条目的关键词出现在最近的消息中时就会触发；对话会使用全局启用的书、其角色的书以及它自己的书。
world-books-none = 还没有世界书。
world-books-everywhere = 在每个对话中生效

## Workflows (with placeholders)
workflow-moderator-another = 主持人：再来一轮 —— { $prompt }
workflow-moderator-finished = 主持人：结束。
workflow-round = 第 { $n } 轮：{ $prompt }
workflow-waiting-question = 正在措辞下一个问题…
workflow-waiting-partner = 对话伙伴正在回答…
workflow-waiting-moderator = 主持人正在决定…
workflow-waiting-save = 正在保存…
workflow-progress = 第 { $step } 步，共 { $total } 步 · 已完成 { $done } 步
workflow-progress-complete = 已完成 · 共 { $total } 步
workflow-progress-continued = 已完成 · 已作为对话继续
workflow-your-answer-to = 你的回答：{ $prompt }
workflow-send = 发送
workflow-your-answer = 你的回答
workflow-answer = 回答
workflow-run-label = { $name } 的运行
workflow-status-active = 进行中：已完成 { $done }/{ $total } 步
workflow-status-complete = 已完成
workflow-status-continued = 已完成，已作为对话继续
workflow-start-heading = 开始 { $name }
workflow-start-steps = 共 { $n } 步。即使之后编辑了工作流，此次运行也会保留这些步骤。
workflow-steps = { $n } 步

## World books (with placeholders)
lore-entry-default-name = 条目 { $n }
world-book-editor-heading = 编辑 { $name }
world-book-entries-hint = 共 { $n } 个条目。打开一个即可编辑。
workspace-file-label = 文件 { $path }

## Forms: checks and errors
assistant-form-out-of-range = { $field }必须{ $range }，或留空以使用默认值。
assistant-field-temperature = 温度
assistant-range-temperature = 介于 0 和 2 之间
assistant-field-top-p = Top-p
assistant-range-top-p = 介于 0 和 1 之间
assistant-field-max-tokens = 最大输出 token 数
assistant-range-max-tokens = 是大于 0 的整数
assistant-field-threshold = 上下文阈值
assistant-range-threshold = 至少为 1000 个 token
assistant-form-needs-name = 请为助手取个名字。
character-editor-needs-name = 角色需要一个名字。
attachment-image = { $format } 图片，{ $size }
attachment-text = 文本，{ $size }

## Branch map (with placeholders)
branch-map-empty = 还没有消息。
branch-map-one-branch = 一个分支上有 { $messages } 条消息：重新生成回答或编辑问题即可产生另一个版本。
branch-map-branches-summary = { $branches } 个分支上共有 { $messages } 条消息。
branch-map-folded = 另有 { $count } 条没有其他版本的消息
branch-map-folded-show = { $text }：显示它们
branch-map-row-version = ，第 { $n } 版，共 { $of } 版
branch-map-you = 你
branch-map-assistant = 助手
branch-map-system = 系统

## Context meter (with placeholders)
context-meter-summary-covers = 一份总结代替了前 { $messages } 条消息
context-meter-summary = 总结
context-meter-of-window = 约 { $used } / { $window } 个 token · 超过 { $threshold } 时总结
context-meter-of-threshold = 约 { $used } / { $threshold } 个 token，之后开始总结

## Find, MCP, messages, knowledge (continued)
find-no-matches = 没有匹配
find-position = 第 { $current } 个，共 { $total } 个
mcp-tool-read-only = 自动运行（只读）
mcp-tool-asks = 先询问
message-stopped = 已停止：此回答不完整。
message-paused = 已暂停：一个工具调用正在等待你的批准。
knowledge-pasted-text = 粘贴的文本

## The app's frame
app-offline-title = 没有网络连接：对话、搜索、设置和导出仍然可用；消息会等到你重新联网后再发送。
app-offline = 离线
app-find-title = 在此对话中查找（Ctrl+Shift+F）
app-find = 查找
app-branches-title = 每条消息及其各个版本
app-this-chat-title = 本对话的角色身份和系统提示词
app-follow-ups-title = 回答中承诺要跟进的事项
app-workflows-title = 引导式提问和有主持的多轮对话
app-settings = 设置
app-confirm-delete-message = 删除这条消息以及此分支上它之后的所有内容？
app-this-panel = 此面板
app-export = 导出
app-loading = 加载中…
settings-assistant-in-use = 正在使用的助手
settings-new-assistant = 新建助手
settings-delete-assistant = 删除助手
settings-memory-tool = 记忆：助手可以记住关于你的事实（每次更改都会先询问你，除非你在它的工具设置中改变这一点）

## The app's frame (with placeholders)
app-follow-ups-label = 待跟进（{ $n } 项未完成）
app-screen-load-failed = 无法加载{ $screen }：Skein 的这一部分会在首次打开时获取，但网络或网站没有响应。你的数据没有受到影响。

## Notices: attachments, characters, conversations, dictionaries
notice-too-many-attachments = 一条消息最多只能带 { $MAX_ATTACHMENTS } 个附件；"{ $file }"未加入。
notice-file-unreadable = "{ $file }"无法读取：{ $err }
notice-character-imported = 已从 { $name } 导入 { $character }。
notice-not-imported = { $name } 未导入：{ $err }
notice-exported = 已导出 { $file }。
notice-card-export-failed = 无法导出角色卡：{ $err }
notice-no-own-book = { $name } 没有自己的书。
notice-saved-name = 已保存 { $name }。
confirm-delete-character = 删除角色 { $name }？它的对话会保留，并改由默认助手继续。
notice-deleted-name = 已删除 { $name }。
notice-search-failed = 搜索失败：{ $err }
notice-delete-failed = 无法删除对话（它已回到列表中）：{ $err }
dictionary-default-name = 词典 { $n }
confirm-delete-dictionary = 删除词典 { $name }？使用它的对话和助手将不再使用它。
notice-embedding-progress = 正在嵌入 { $base }：{ $total } 个分块中的 { $done } 个…

## Notices: the extension, files
notice-menu-unreachable = 来自页面菜单的问题无法到达此面板：{ $err }
notice-host-granted = Skein 现在可以访问 { $pattern }。
notice-host-ask-failed = Skein 无法请求访问 { $pattern } 的权限：{ $err }
notice-host-revoked = Skein 不再能访问 { $pattern }。
notice-host-kept = 浏览器保留了 Skein 访问 { $pattern } 的权限。
notice-host-revoke-failed = Skein 无法放弃访问 { $pattern } 的权限：{ $err }
notice-page-attached = “{ $title }”已附加：就它提问吧。
notice-page-unreadable = 无法读取页面：{ $reason }
notice-export-failed = 无法保存导出文件：{ $err }
notice-backup-failed = 无法创建备份：{ $err }
notice-file-read-failed = 无法读取文件：{ $err }

## Notices: follow-ups, storage, models, tools, usage
follow-up-notification = 待跟进：{ $text }
follow-up-notification-title = 待跟进：{ $title }
notice-reminder-failed = 提醒无法以通知形式显示：{ $err }
follow-up-reminded-at = 已于 { $time } 提醒
follow-up-reminds-at = 将于 { $time } 提醒你
notice-not-a-date = “{ $value }”不是有效的日期和时间。
notice-reminder-set = Skein 将于 { $time } 提醒你。
notice-update-failed = 新版本无法启动：{ $err }
notice-knowledge-unreadable = "{ $file }"无法读取：{ $err }
notice-notification-failed = 无法显示通知：{ $err }
notice-storage-unavailable = Skein 无法打开本地存储，因此无法保存任何内容：{ $err }
notice-generation-load-failed = Skein 无法加载负责撰写回答的部分，因此没有发送任何内容。请检查网络连接（或重新加载页面）后重试。
notice-inspector-load-failed = Skein 无法加载负责构建请求的部分。请检查网络连接（或重新加载页面）后重试。
notice-tools-load-failed = Skein 无法加载处理工具、文件和知识的部分，因此什么也没有做。请检查网络连接（或重新加载页面）后重试。
notice-sync-load-failed = Skein 无法加载负责同步的部分，因此没有同步任何内容。请检查网络连接（或重新加载页面）后重试。
notice-image-failed = 无法显示图片：{ $err }
notice-models-failed = 无法列出模型：{ $err }
notice-answer-unsaved = 有一个回答仍未保存（它仍显示在屏幕上）：{ $err }
notice-server-not-saved = { $name } 未保存：{ $err }
notice-server-error = { $name }：{ $err }
notice-usage-unreadable = 无法读取用量：{ $err }
notice-price-error = { $model }：{ $err }
notice-usage-export-failed = 无法导出用量：{ $err }

## Notices: welcome, workflows, workspace, world books
welcome-needs-key = { $provider } 需要 API 密钥：请粘贴到上方。
welcome-connected-to = 已连接到 { $provider }。尽管提问吧；完整设置在“设置”中。
workflow-default-name = 工作流 { $n }
notice-workflow-imported = 已从 { $name } 导入 { $workflow }（{ $steps } 步）。
confirm-delete-workflow = 删除工作流 { $name }？它的运行记录会保留。
notice-file-stored = 已保存 { $path }。
notice-not-text = 这不是文本文件（{ $bytes } 字节）：请下载后打开。
notice-file-downloaded = 已下载 { $path }。
notice-file-deleted = 已删除 { $path }。
notice-imported-entries = 已从 { $name } 导入 { $item }（{ $entries } 个条目）。
world-book-default-name = 世界书 { $n }
confirm-delete-book = 删除世界书 { $name }？使用它的对话和角色将不再使用它。
notice-book-export-failed = 无法导出此书：{ $e }

## Notices (continued)
notice-server-removed = 已移除服务器。
notice-server-off = 该服务器已关闭。
inspector-about-next = 下一次请求，包含输入框中现有的内容。不会发送任何东西。
inspector-about-regenerate = 现在重新生成此回答时会发出的请求（回答写成后更改过的设置或书按现在的样子显示）。不会发送任何东西。
notice-no-reminder = 没有提醒。
notice-follow-up-done = 已完成。
notice-follow-up-reopened = 已重新打开。
notice-answer-failed = 回答失败。
notice-persona-next = 从下一个回答开始使用此角色身份。
notice-chat-books-next = 从下一个回答开始使用本对话的世界书。
notice-chat-dictionaries-next = 从下一条消息开始使用本对话的词典。
notice-chat-prompt-saved = 已保存：下一个回答会使用它。
notice-storage-opening = 存储仍在打开；请稍后再试。
notice-tab-close-unwatched = Skein 无法察觉标签页关闭，因此届时正在流式输出的回答可能丢失最后几个字：{ $err }
notice-embedded-assistant-missing = 页面要求使用助手“{ $name }”，但此存储中没有：对话将使用“{ $used }”。
notice-connectivity-unwatched = Skein 无法得知网络何时断开和恢复，因此离线时写下的消息不会自动发送：{ $err }
notice-host-asking = 请在浏览器的提示中允许 Skein 访问 { $pattern }：作为扩展，Skein 只有在你允许后才会调用不允许网页访问的服务商。
notice-host-refused = Skein 无法访问 { $pattern }：浏览器未授予权限。作为扩展，Skein 需要它来调用不允许网页访问的服务商；再次保存服务商即可重新请求。
notice-image-missing = 此对话的一张图片在存储中缺失。
notice-summarised = 已总结。下一次请求会发送它。
notice-summary-saved = 已保存。下一次请求会发送你的版本。
notice-summary-reset = 已重置。下一次请求会发送整个分支。
notice-chat-kept = 已保留：此对话会像其他对话一样保存。
notice-workflow-drafted = 模型的草稿：编辑后保存。
confirm-delete-run = 删除此次运行及其回答？
notice-run-deleted = 已删除此次运行。
notice-book-new = 新的世界书：添加它的条目吧。
notice-book-everywhere = 从下一个回答开始在每个对话中生效。
notice-book-not-everywhere = 不再在每个对话中生效。
notice-dictionary-new = 新的词典：添加它的条目吧。
notice-conversations-imported = 已从 { $name } 导入 { $count } 个对话。
notice-server-answered = { $name } 回应了 { $count } 个工具。
follow-up-deleted-chat = 已删除的对话
notice-deleted = 已删除。
notice-duplicated = 已复制。

## Dates in the conversation list
date-today = 今天
date-yesterday = 昨天
date-previous-7-days = 过去 7 天
date-previous-30-days = 过去 30 天

## The line under an answer
answer-model-via = { $model }，经由 { $host }
answer-via = 经由 { $host }
answer-tokens = 输入 { $in } 个 token{ $cached ->
    [0] {""}
   *[other] （{ $cached } 个来自缓存）
}，输出 { $out } 个{ $reasoning ->
    [0] {""}
   *[other] （{ $reasoning } 个用于推理）
}
answer-first-token = 首个 token { $seconds } 秒
answer-speed = 每秒 { $speed } 个 token
answer-planned = 计划：{ $plan }
plan-tools = 工具 { $tools }
plan-more = { $names } 等另外 { $more } 个
plan-knowledge = 知识库
plan-memory = 记忆

## Summary (who and when)
summary-edited-made-by = 由你于 { $edited } 编辑（由 { $model } 生成）
summary-edited = 由你于 { $edited } 编辑
summary-made-by = 由 { $model } 于 { $made } 生成
summary-made = 生成于 { $made }
summary-covered-message = { $who }：{ $text }
summary-covered-empty = { $who }：（无文本）

## Welcome: the providers' cards
preset-openai = 使用你的 OpenAI API 密钥调用 GPT 模型。
preset-anthropic = 使用你的 Anthropic API 密钥调用 Claude 模型。
preset-gemini = 使用 Google AI Studio 密钥调用 Gemini 模型。
preset-openrouter = 一个 OpenRouter 密钥即可使用众多实验室的数百个模型。
preset-ollama = 用 Ollama 在此电脑上运行的模型：无需密钥，数据不会离开本机。
preset-llamacpp = 由此电脑上 llama.cpp 的 llama-server 提供的模型：无需密钥。
preset-other = vLLM、LM Studio、Groq、Mistral、DeepSeek，或任何提供 OpenAI 风格 API 的服务器。
sentence-end = 。

failure-timeout = 超时
failure-rate-limit = 速率限制
failure-authentication = 身份验证
failure-server = 服务器错误
failure-network = 网络或 CORS
failure-request = 请求被拒绝
failure-blocked = 被服务商拦截
failure-other = 错误

preset-name-openai = OpenAI
preset-name-anthropic = Anthropic
preset-name-gemini = Google Gemini
preset-name-openrouter = OpenRouter
preset-name-ollama = Ollama
preset-name-llamacpp = llama.cpp 服务器
preset-name-other = 其他 OpenAI 兼容服务

lore-why-always = 始终启用
lore-why-key = 在{ $place }中出现“{ $key }”
lore-why-key-and = 在{ $place }中出现“{ $key }”，{ $secondary }
lore-place-last = 最后一条消息
lore-place-before-last = 倒数第二条消息
lore-place-back = 倒数第 { $n } 条消息
lore-place-entry = 条目“{ $name }”（递归）
lore-secondary-any = 且出现 { $keys }
lore-secondary-all = 且 { $keys } 全部出现
lore-secondary-not-all = { $keys } 未全部出现
lore-secondary-none = 且 { $keys } 均未出现
inspector-lore-own-book = 助手自带的世界书
inspector-lore-chance = 因概率未加入（掷出 { $roll }，需要不大于 { $chance }）
inspector-lore-budget = 未加入：这本书的 token 预算已用完
inspector-extra-images = { $count } 张图片
inspector-extra-call = 调用 { $name }({ $arguments })
inspector-extra-result = 调用 { $id } 的结果

summary-refused-covered = 摘要已经涵盖了你最后一个问题之前的全部内容。可以编辑它，或重置后重新生成摘要。
summary-refused-nothing = 还没有可以摘要的内容：摘要代替的是你最后一个问题之前的消息，而目前没有这样的消息。
summary-refused-failed = 生成摘要失败（{ $err }）；对话和摘要都没有改动。
summary-refused-empty = 摘要不能为空；若要重新发送整段对话，请重置摘要。
summary-refused-too-long = 摘要超过了 { $max } 个字符，请缩短。
summary-refused-no-summary = 这个分支没有可编辑的摘要（分支变了？）；请先生成摘要。

## Errors: what went wrong and what to do
error-chat-empty-message = 请先输入消息。
error-chat-no-conversation = 没有可以回答的对话；请先发送一条消息。
error-chat-empty-title = 标题不能为空。
error-chat-unknown-conversation = 该对话已不再保存（是否在其他标签页中删除了？）。
error-chat-default-assistant = 默认助手不能删除；请改为修改它的设置。
error-chat-tree = 此对话保存的消息已损坏（{ $err }）；没有做任何更改。
error-chat-no-such-answer = 这里没有回答“{ $id }”。
error-chat-not-awaiting-decision = 此工具调用并未在等待决定。
error-chat-temporary-busy = 请等回答完成后再保留此对话。
error-chat-temporary-not-kept = 此对话未能保留，它仍是临时对话：{ $err }
error-settings-base-url = 基础 URL 必须以 http:// 或 https:// 开头并包含主机名（当前为“{ $got }”）。
error-settings-missing-model = 请在设置中选择模型名称（例如 gpt-4o-mini 或 llama3.2）。
error-settings-api-key = API 密钥必须是单独一行且不含空格。
error-settings-no-embeddings = Anthropic 没有嵌入 API：请为嵌入选择 OpenAI 兼容或 Gemini 提供方。
error-settings-custom-header = 自定义请求头“{ $name }”无效：名称只能包含字母、数字和 -，值只能是一行。
error-settings-custom-body = 自定义请求体无效：{ $why }。
error-store-quota = 浏览器存储已满（{ $detail }）。请释放一些空间（删除旧对话或网站数据）后重试；已保存的内容没有丢失。
error-store-unavailable = 本地存储不可用：{ $detail }。隐私窗口和某些浏览器设置会阻止它。
error-store-corrupt = 无法读取一条已保存的记录（{ $detail }）；它保持原样未被改动。
error-store-other = 保存失败：{ $detail }
error-sync-unreachable = 无法连接同步服务器（{ $detail }）。请检查地址和网络连接；没有任何更改。
error-sync-unauthorized = 同步服务器拒绝了用户名或密码（HTTP { $status }）。
error-sync-http = 同步服务器对 { $what } 返回了 HTTP { $status }：{ $detail }
error-sync-bad-answer = 无法读取同步服务器的回应（{ $detail }）。
error-sync-wrong-passphrase = 此口令无法打开同步到该服务器的对话。没有任何更改。
error-sync-empty-passphrase = 请输入口令：它会在对话离开本浏览器之前将其加密。
error-sync-unknown-format = 同步服务器上的数据格式不被此版本识别（{ $detail }）；没有任何更改。
error-sync-crypto = 加密失败：{ $detail }
error-tree-unknown-id = 此对话中没有 ID 为 { $id } 的消息。
error-tree-duplicate-id = 有两条消息使用相同的 ID { $id }。
error-tree-orphan = 消息 { $id } 指向一个不存在的上级消息（{ $parent }）。
error-tree-cycle = 消息 { $id } 是它自己的祖先（对话树中出现循环）。
error-tree-wrong-conversation = 消息 { $id } 属于对话 { $found }，而不是 { $expected }。
error-tree-moved = 消息 { $id } 不能改变它在树中的位置或所属对话。
error-tree-wrong-role = 消息 { $id } 是{ $found }消息；这里需要{ $expected }消息。
error-assistant-template = 助手的消息模板无效。{ $err }
error-rule-pattern = 规则“{ $name }”的模式不是有效的正则表达式：{ $why }
error-template-unclosed = 模板错误，第 { $at } 个字符：`{ $opener }` 没有闭合。
error-template-unknown-variable = 模板错误，第 { $at } 个字符：未知变量 `{ $name }`（可用：{ $known }）。
error-template-unknown-directive = 模板错误，第 { $at } 个字符：未知指令 `{ $directive }`。
error-template-unmatched = 模板错误，第 { $at } 个字符：`{ $directive }` 没有对应的 `if`。
error-template-missing-endif = 模板错误：第 { $at } 个字符处打开的 `if` 没有 `endif`。
error-import = 无法导入此文件：{ $at }：{ $problem }。没有导入任何内容。
import-problem-file-too-large = { $size } MiB 超过了 { $max } MiB
import-problem-not-json = 不是 JSON（{ $why }）
import-problem-unknown-format = 既不是 Skein 对话导出，也不是 ChatGPT 的 conversations.json
import-problem-too-many = 超过 { $max } 条消息
import-problem-text-too-large = 文本有 { $size } 字节；最多 { $max }
import-problem-version = 版本 { $version } 不是此 Skein 能读取的版本（最高 { $supported }）
import-problem-not-a-list = 缺失，或不是列表
import-problem-not-text = 缺失，或不是文本
import-problem-not-an-object = 缺失，或不是对象
import-problem-other-conversation = 属于另一个对话
import-problem-cycle = 上级消息形成了循环
import-problem-missing-parent = 文件中没有“{ $id }”
error-attachment-unsupported = “{ $name }”不是 Skein 可以附加的图片或文本文档。请附加 PNG、JPEG、GIF 或 WebP 图片，或文本文件（纯文本、Markdown、代码、CSV、JSON）。
error-attachment-too-large = “{ $name }”有 { $size } MB；这类附件最多 { $limit } MB。
error-attachment-too-many = 一条消息最多可带 { $max } 个附件；请先移除一些。
error-persona-no-name = 角色需要一个名字：它就是 { "{" }{ "{" }user{ "}" }{ "}" } 所代表的人。
error-persona-name-too-long = 角色名字超过 { $max } 个字符。
error-persona-description-too-long = 角色描述超过 { $max } 个字符。
expected-an-object = 一个对象
expected-text = 文本
expected-list-of-texts = 文本列表
expected-true-or-false = true 或 false
expected-number = 数字
expected-whole-number = 整数
expected-text-not-empty = 非空文本
error-dictionary-too-large = 词典文件大于 { $max } MB。
error-dictionary-not-text = 词典文件不是 UTF-8 文本。
error-dictionary-json = 词典文件不是有效的 JSON：{ $why }
error-dictionary-shape = 这不是聊天词典：应为 Skein 的词典格式、“词”: “替换” 形式的对象，或条目列表。
error-dictionary-too-many = 词典的条目超过 { $max } 条。
error-dictionary-field = 词典第 { $entry } 条：`{ $field }` 必须是{ $expected }。
error-dictionary-pattern = 词典第 { $entry } 条的模式不是有效的正则表达式：{ $why }
error-world-too-large = 世界书大于 { $max } MB。
error-world-not-text = 世界书不是 UTF-8 文本。
error-world-json = 世界书不是有效的 JSON：{ $why }
error-world-no-entries = 这不是 SillyTavern 世界书：它没有 `entries`。
error-world-too-many = 世界书的条目超过 { $max } 条。
error-world-field = 世界书条目 { $entry }：`{ $field }` 必须是{ $expected }。
error-world-pattern = 世界书条目 { $entry } 有一个无效的关键词模式：{ $why }
error-card-too-large = 角色卡大于 { $max } MB。
error-card-no-card-in-png = 此 PNG 图片中没有角色卡（其中没有 `chara` 或 `ccv3` 文本）。
error-card-bad-base64 = 此 PNG 中的角色卡不是有效的 base64。
error-card-not-text = 角色卡不是 UTF-8 文本。
error-card-json = 角色卡不是有效的 JSON：{ $why }
error-card-not-a-card = 这不是角色卡：它是 JSON，但不是带有名字或 `data` 对象的对象。
error-card-unknown-spec = 未知的角色卡格式 `{ $spec }`：Skein 读取 chara_card_v2 和 chara_card_v3。
error-card-field = 角色卡的 `{ $field }` 必须是{ $expected }。
error-card-too-many = 角色卡的 `{ $field }` 超过 { $max } 项。
error-card-no-name = 角色卡没有名字。
error-card-not-a-character = 此助手不是角色：只有角色才能导出为角色卡。
error-png-not-png = 这不是 PNG 图片。
error-png-truncated = PNG 文件不完整（第 { $chunk } 块超出了文件末尾）。
error-png-bad-checksum = PNG 文件已损坏：第 { $chunk } 块校验和不符。
error-png-no-end = PNG 文件没有结尾（没有 IEND 块）。
error-png-bad-keyword = PNG 文本关键字必须是 1 到 79 个 Latin-1 字符，且不含零字节。
error-mcp-server-no-name = 请为服务器命名：它是其工具名称的前缀。
error-mcp-server-name-taken = “{ $name }”已是另一台服务器的名称；工具名称会冲突。
error-mcp-server-bad-url = 地址必须以 http:// 或 https:// 开头。
error-mcp-server-bad-header = “{ $name }”不能用作请求头名称：请使用字母、数字和短横线，且不要用 Skein 自己设置的请求头。
error-mcp-server-bad-secret = 令牌或请求头的值不能包含换行。
error-mcp-unreachable = 无法连接 { $url }：{ $detail }。请检查地址以及服务器是否在运行。如果在运行，它可能不允许来自此页面的请求（CORS）：服务器必须允许本站的来源并公开 Mcp-Session-Id 请求头。
error-mcp-auth = 服务器拒绝了凭据（HTTP { $status }）。请检查此服务器设置中的令牌或请求头。
error-mcp-http = 服务器返回 HTTP { $status }：{ $detail }
error-mcp-protocol = 服务器没有按预期使用 MCP：{ $detail }。
error-mcp-rpc = 服务器返回了错误（{ $code }）：{ $message }
error-mcp-too-large = 服务器的回答大于 { $max } MiB；未读取。
error-mcp-unsupported-version = 服务器使用 MCP 修订版 { $version }，Skein 不支持（它支持 { $stateless } 和 { $list }）。
error-mcp-cancelled = 调用已停止。
error-mcp-session-expired = 服务器结束了会话。
error-mcp-session-hidden = 服务器开启了会话，但这个页面读不到它的 Mcp-Session-Id 响应头，所以第一次之后的请求都被拒绝（{ $detail }）。服务器必须在 Access-Control-Expose-Headers 中列出 Mcp-Session-Id。
error-memory-empty = 记忆不能为空。
error-memory-too-long = 一条记忆最多 { $max } 个字符；这一条有 { $chars } 个。
error-unavailable-request = 无法构建此请求：{ $err }
error-unavailable-world-book = 该世界书已不再保存。
error-unavailable-dictionary = 该词典已不再保存。
error-unavailable-follow-up = 该后续问题已不再保存（是否在其他标签页中删除了？）。
error-unavailable-workspace = 此页面没有工作区存储。
error-unavailable-bad-path = “{ $text }”不能作为文件：{ $err }。
error-unavailable-no-file = 没有文件 { $path }。
error-unavailable-not-stored = { $path } 未能保存：{ $err }。
error-path-empty = 路径为空
error-path-too-long = 路径超过 { $max } 个字符
error-path-too-deep = 路径嵌套超过 { $max } 层文件夹
error-path-bad-segment = “{ $segment }”不能作为路径的一部分（不能是“.”、“..”，不能含反斜杠、控制字符，名称不能超过 { $max } 个字符）
error-files-unavailable = 此处无法使用浏览器的文件存储：{ $detail }
error-files-full = 浏览器为 Skein 提供的存储已满
error-files-too-large = 文件最多 { $max } MiB
error-workflow-no-goal = 请用一句话说明工作流要帮助做什么。
error-workflow-no-draft = 没有草稿：{ $err }
error-workflow-bad-draft = 模型的草稿无法使用：{ $err }
error-workflow-run-gone = 该运行已不再保存（是否在其他标签页中删除了？）。
error-workflow-finish-first = 请先完成运行；之后它可以作为对话继续。
error-workflow-template-gone = 该工作流模板已不再保存（是否在其他标签页中删除了？）。
error-workflow-no-name = 工作流需要名称。
error-workflow-no-steps = 工作流至少需要一个步骤。
error-workflow-too-many-steps = 工作流最多有 { $max } 个步骤。
error-workflow-empty-question = 第 { $step } 步没有问题：请写出要问用户什么。
error-workflow-empty-prompt = 第 { $step } 步没有开场提示：请写出第一轮要问用户什么。
error-workflow-rounds = 第 { $step } 步允许 { $rounds } 轮；对话步骤为 1 到 { $max } 轮。
error-workflow-too-long = 第 { $step } 步有超过 { $max } 个字符的文本；请缩短。
error-run-finished = 此运行已结束；不能再回答。
error-run-empty-answer = 请先写下回答。
error-run-out-of-turn = 运行现在并不在等待这个（{ $what }）；请重新加载。
error-run-damaged = 此运行保存的记录已损坏（{ $what }）。
error-ingest-unsupported = “{ $name }”不是 Skein 能读取的文档：请添加纯文本、Markdown、HTML、PDF 或 Word（.docx）文件，或粘贴文本。
error-ingest-protected = “{ $name }”有密码保护：请移除保护后重新添加。
error-ingest-damaged = “{ $name }”已损坏或并非真正的 { $kind } 文件，因此无法读取其文本。
error-ingest-no-text-layer = “{ $name }”没有文本层（扫描件或文字图片）：请先进行 OCR，或粘贴其文本。
error-ingest-not-text = “{ $name }”不是 UTF-8 文本。
error-ingest-empty = “{ $name }”没有可添加的文本。
error-ingest-too-large = “{ $name }”有 { $size } MB；文档的文本最多 10 MB。
error-ingest-file-too-large = “{ $name }”太大，无法在此读取（最多 64 MB，解压后的各部分最多 256 MB）。
error-knowledge-no-such-base = 该知识库已不存在。
error-embeddings-failed = { $base } 的嵌入失败（{ $error }）；在嵌入恢复之前按其文字检索。
error-vector-dimension = 某个向量有 { $got } 维，而此知识库使用 { $expected } 维。
error-vector-not-finite = 某个向量包含非有限数值。
error-transport-network = 无法连接 { $url }：{ $detail }。请检查服务器是否在运行、基础 URL 是否正确。如果都没问题，服务器可能不允许来自此页面的请求（CORS）：Ollama 请设置 OLLAMA_ORIGINS，llama.cpp 和其他服务器请为本站来源启用 CORS。
error-transport-network-extension = 无法连接 { $url }：{ $detail }。请确认服务器正在运行、基础 URL 正确，并且 Skein 可以访问这个网站：保存提供方时会向浏览器申请权限，设置 → 提供方中列出了 Skein 可以访问的网站。
error-transport-interrupted = 回答流式传输时与提供方的连接中断：{ $detail }
error-transport-aborted = 请求已停止。
error-provider-http = { $advice }（HTTP { $status }）{ $message }
provider-advice-validation = 提供方拒绝了该请求。
provider-advice-context-overflow = 对话对此模型来说太长：请在助手设置中降低上下文阈值，或选择上下文窗口更大的模型。
provider-advice-authentication = 提供方拒绝了 API 密钥：请在设置中检查。
provider-advice-permission = 该 API 密钥可能无权使用此模型或端点。
provider-advice-not-found = 未找到：请在设置中检查基础 URL 和模型名称。
provider-advice-conflict = 提供方报告了冲突：请重试。
provider-advice-rate-limited = 提供方限制了请求频率：请稍等片刻再试。
provider-advice-overloaded = 提供方负载过高：请稍后再试。
provider-advice-timeout = 提供方超时：请重试。
provider-advice-server = 提供方出现服务器错误：请稍后再试。
provider-advice-other = 提供方返回了意外的状态。
error-provider-first-token-timeout = 在首个 token 超时之前提供方没有发送任何内容。推理模型可能需要更长的超时（提供方设置）。
error-provider-idle-timeout = 回答停止传来（空闲超时）；已收到的内容已保留。
error-provider-stream = 提供方在回答时报告了错误：{ $detail }
error-provider-decode = 提供方发送了 Skein 无法读取的响应：{ $detail }
error-from-provider = { $provider }：{ $err }
error-provider-malformed-event = 提供方发来了一个 Skein 无法读取的事件：{ $detail }
error-provider-blocked = 提供方扣留了回答（{ $reason }，安全或内容过滤）。
error-provider-invalid = 请求无效，未发送：{ $field }：{ $problem }。
error-sse-line-too-long = 提供方发送的流数据行超过 { $limit } 字节；响应已停止
error-sse-event-too-large = 提供方发送的流事件超过 { $limit } 字节；响应已停止
error-tool-duplicate = 有两个工具都叫“{ $name }”；第二个未添加。
error-tool-reserved = 名称“{ $name }”保留给内置工具。
error-tool-empty-name = 有一个工具名称为空。
error-price-not-a-number = 请以数字输入每百万{ $field ->
    [input] 输入
   *[output] 输出
} token 的价格，例如 2.50。
error-price-out-of-range = 每百万{ $field ->
    [input] 输入
   *[output] 输出
} token 的价格必须在 0 到 1,000,000 之间。
error-price-no-model = 价格需要填写模型名称。
error-provider-wait = { $err } 提供方要求等待 { $seconds } 秒后再试。
error-reply-truncated = 提供方还没完成回答，连接就结束了。
error-reply-length = 回答达到了设定的最大长度（输出词元数），还没有写完。点击“继续”获取其余部分。
error-reply-filtered = 提供方的内容过滤器中止了这个回答。
error-reply-step-limit = 模型运行了 { $steps } 步仍没有最终回答，已停止；最后一步的工具调用没有执行。点击“继续”让它接着进行。

## Warnings and notices
warning-provider-skipped = { $host } 连续失败；暂时改用下一个提供方。
warning-trying-fallback = { $err } 正在尝试备用提供方 { $host }。
warning-rate-wait = 为遵守此提供方设置的每分钟限额，等待 { $seconds } 秒。
warning-retrying = { $err } { $seconds } 秒后重试（第 { $attempt } 次，共 { $of } 次）。
warning-answer-not-saved = 回答未能保存：{ $err }
warning-answer-not-saved-streaming = 流式传输时回答未能保存：{ $err }
warning-image-kept-in-text = 回答中的图片未能单独保存（{ $err }）；它保留在文本中。
warning-promise-not-kept = 回答中的承诺未能记为后续事项：{ $err }
warning-summary-not-saved = 对话摘要未能保存：{ $err }
warning-summarising-failed = 此对话超过了上下文限制，而总结较早部分失败了（{ $err }）；只发送了最近的消息。
warning-title-empty = 模型为此对话给出的标题为空；保留原名称。
warning-no-title = 无法为此对话生成标题：{ $err }
warning-no-suggestions = 没有后续问题建议：{ $err }
warning-tool-output-kept = 一段较长的工具输出未能保存为文件（{ $err }）；它保留在消息中。
warning-tool-image-not-shown = 工具 { $tool } 返回的图片无法显示：{ $err }
warning-usage-not-recorded = 此次调用的用量未能记录：{ $err }
warning-stream-broke = 数据流中断
warning-restarting = 回答被中断（{ $err }）；它作为较早的版本保留，新版本将在 { $seconds } 秒后开始。
notice-workspace-unreadable = 无法读取工作区：{ $err }。
notice-knowledge-failed = 此请求的知识检索失败（{ $err }）；回答未使用知识库。如果问题依赖它，请说明。
notice-memory-failed = 此请求无法访问记忆（{ $err }）。如果回答依赖你对用户的了解，请如实说明，不要猜测。
notice-image-text-unreadable = 无法读取图片中的文字：{ $err }。
notice-image-unreadable = 无法读取一张附加的图片：{ $err }。
notice-images-missing = 有 { $count } 张附加图片已不再保存，未被发送。
notice-images-left-out = { $model } 无法查看图片，也没有设置替它读图的模型（设置 → 提供方），因此请求中省略了 { $count } 张图片。
notice-knowledge-by-words = 嵌入失败（{ $why }）；改为按文字检索知识。
notice-knowledge-not-embedded = 知识尚未用当前模型嵌入；改为按文字检索。
notice-knowledge-embedding-mismatch = 查询的嵌入与已存的不匹配（{ $err }）；改为按文字检索知识。
notice-memories-by-words = 嵌入失败（{ $err }）；改为按文字挑选记忆。
quoted = “{ $text }”

## Workflow runs
workflow-context-chat = 对话“{ $title }”
workflow-context-knowledge = 知识库“{ $name }”
workflow-notice-context-gone = { $context }已不再保存；已略过。
workflow-notice-knowledge-not-set-up = 无法检索{ $context }（尚未设置知识功能）；已略过。
workflow-notice-not-searched = 无法检索{ $context }（{ $err }）；已略过。
workflow-notice-phrasing-empty = 它的回答为空，或不是一个问题
workflow-notice-not-phrased = 模型无法改写这个问题（{ $err }）；按原文显示。
workflow-notice-round-limit = 主持人还想再进行一轮，但此步骤最多 { $max } 轮；已在此结束。
workflow-failure-partner-empty = 对话伙伴的回复为空。
workflow-failure-partner = 对话伙伴没有回答：{ $err }
workflow-failure-moderator-unusable = { $err } 请重试，或结束此对话步骤。
workflow-failure-moderator = 主持人没有回答：{ $err }
error-moderator-not-json = 主持人没有用 JSON 回答（{ $why }）。
error-moderator-unknown-action = 主持人给出了未知的动作“{ $action }”；只能继续或结束。
error-moderator-no-next-prompt = 主持人说要继续，却没有说下一步问什么。
workflow-file-too-large = 此文件超过 1 MiB；工作流模板要小得多。
workflow-file-not-text = 此文件不是文本；工作流模板是 JSON。
workflow-file-not-json = 这不是工作流模板：{ $why }。
workflow-file-newer = 此模板由更新版本的 Skein 写成（格式版本 { $version }）；请更新 Skein 后再导入。
workflow-file-other-format = 这是“{ $format }”文件，不是工作流模板。
workflow-file-unreadable = 无法读取此工作流模板：{ $why }。
workflow-file-no-steps = 此工作流模板没有步骤列表（"steps"）。
workflow-file-no-kind = 第 { $step } 步没有 Skein 认识的类型（未指定）；步骤类型为 "question" 或 "dialogue"。
workflow-file-unknown-kind = 第 { $step } 步的类型 Skein 不认识（“{ $kind }”）；步骤类型为 "question" 或 "dialogue"。

## Exports
export-author-model = { $author }（{ $model }）
export-no-result = （无结果）
export-image = 图片
export-image-named = 图片：{ $name }
export-document = 文档：{ $name }
export-incomplete = 未完成
export-failed = 失败：{ $err }
export-unknown-error = 错误
workflow-export-in-progress = 进行中，已完成 { $done }/{ $total } 步
workflow-export-completed = 已完成
workflow-export-continued = 已完成，并作为对话继续
workflow-export-started = 开始于 { $when }；{ $status }。
workflow-export-context = 上下文：
workflow-export-question = 问题：
workflow-export-answer = 回答：
workflow-export-not-answered = 尚未回答。
workflow-export-round = 第 { $n } 轮
workflow-export-asked = 提问：
workflow-export-you = 你：
workflow-export-partner = 对话伙伴：
workflow-export-summary = 主持人总结：
workflow-export-finished = 主持人结束了这段对话。
workflow-export-round-limit = 这段对话达到了轮数上限。
workflow-export-ended = 你结束了这段对话。
request-problem-nothing = 没有需要回答的内容
request-problem-too-many-tools = 有 { $count } 个工具；最多只能提供 { $max } 个
request-problem-tool-name = “{ $name }”不是 1 到 64 个字母、数字、_ 或 -
request-problem-tool-twice = “{ $name }”被提供了两次
request-problem-schema = 必须是 JSON Schema 对象（"type": "object"）
request-problem-unknown-call = “{ $id }”没有对应此前发出的调用
request-problem-unanswered = 工具调用“{ $id }”在这条消息之前没有结果
request-problem-not-assistant = 只有助手能调用工具
request-problem-call-id = 为空或重复使用
request-problem-too-large = { $size } MiB，超过了请求上限 { $max } MiB
