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
