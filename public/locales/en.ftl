# Skein interface, English: the source language and the fallback for every other.
# How to add a language: README.md, "Languages".

## Live regions: what a screen reader is told while an answer streams.
spoken-code = Code: { $text }
spoken-code-long = Code, { $lines ->
    [one] one line
   *[other] { $lines } lines
}, starting: { $first }
spoken-awaiting-approval = Waiting for your approval to run: { $names }.

## Settings: the interface language.
language-label = Language
language-follow-browser = Same as the browser
language-switches-later = The new language shows the next time this page loads.

## Settings: appearance and keys
appearance-label = Appearance
appearance-heading = Language, theme, text and keys
appearance-theme = Theme
theme-system = Same as the system
theme-light = Light
theme-dark = Dark
appearance-enter-sends = Enter sends (Shift+Enter for a new line); off: Ctrl+Enter sends
appearance-shortcuts = Keyboard shortcuts

## Settings: about
about-heading = About

## Settings: assistant form
assistant-form-heading = Assistant
assistant-form-name = Name (also { "{" }{ "{" }char{ "}" }{ "}" } in prompts)
assistant-form-system-prompt = System prompt
assistant-form-system-prompt-placeholder = How the assistant should answer (optional)
assistant-form-chat-prompt = A chat may have its own system prompt (This chat)
assistant-form-name-preamble = Begin the system prompt with “You are NAME.”
assistant-form-guidance = Standing instructions (sent with each message, apart from the system prompt)
assistant-form-guidance-placeholder = e.g. Prefer metric units; I am in Lisbon.
assistant-form-user-name = Your name in prompts ({ "{" }{ "{" }user{ "}" }{ "}" }) when no persona is chosen
assistant-form-time-reminder = Tell the model the current date and time with each message
assistant-form-hints = Add hints a message needs (your time zone when it mentions a time)
assistant-form-temperature = Temperature (0–2; empty: provider default)
assistant-form-top-p = Top-p (0–1)
assistant-form-max-tokens = Maximum output tokens
assistant-form-reasoning = Reasoning effort
assistant-form-context-threshold = Summarise the oldest messages past (tokens; empty: 32000)
assistant-form-stream = Stream answers token by token
assistant-form-titles = Name new conversations from their first exchange
assistant-form-suggestions = Suggest follow-up questions (one extra request per answer)
assistant-form-honesty = Honesty checks
assistant-form-gate-refusal = Reply right away when I ask for something Skein can't do here (send, book, remind)
assistant-form-gate-fabrication = Flag answers that claim something was done when it wasn't
assistant-form-gate-follow-up = Flag promises to get back to me, and add them to Follow-ups
assistant-form-honesty-hint = Off by default for role-play characters, since their actions are part of the story.
assistant-form-shared-workspace = One workspace of files for all its chats (off: each chat has its own)
assistant-form-knowledge = Knowledge bases it answers from
assistant-form-knowledge-none = None yet: create one under Knowledge.
assistant-form-world-books = World books it uses
assistant-form-world-books-none = No world books yet: import one under World books & dictionaries.
assistant-form-dictionaries = Chat dictionaries it uses
assistant-form-dictionaries-none = No dictionaries yet: make one under World books & dictionaries.
assistant-form-save = Save assistant

## Chat header: assistant picker
assistant-picker-label = Assistant
assistant-picker-title = The assistant that answers (its instructions, tools and knowledge)

## Composer: attachments
attachments-label = Attached files

## Settings: backup and export
backup-label = Backup
backup-include-keys = Include API keys (anyone with the file can use them)
backup-everything = Back up everything
backup-import = Import or restore (a Skein backup or conversation export, or ChatGPT's conversations.json)
export-label = Export this conversation
export-verb = Export
export-markdown = Markdown
export-json = JSON

## Settings: about (continued)
about-version = Skein { $version } (build { $build })
about-version-dev = Skein { $version } (development build)
offline-checking = Checking whether Skein works offline…
offline-ready = Works offline: your conversations, search, settings and export need no network; messages wait until you are back online.
offline-not-in-build = This development build does not work offline (use `cargo xtask serve`).
offline-unavailable = This browser cannot keep Skein offline: { $why }

## Composer: attachments (continued)
attachments-remove = Remove { $name }

## Settings: reasoning effort
reasoning-auto = Provider default
reasoning-off = Off (as little as allowed)
reasoning-low = Low
reasoning-medium = Medium
reasoning-high = High
reasoning-max = Maximum

## Branch map
branch-map-label = Messages and their versions
branch-map-heading = Branches
branch-map-close = Close the branch map
branch-map-hint = The highlighted path is the one on screen. Pick a message to show its branch (↑ ↓ to move, ← to the fork, Enter to show).
branch-map-version = Version
branch-map-on-screen = on screen

## Characters: editor
character-editor-label = Edit character
character-editor-name = Name
character-editor-nickname = Nickname (what { "{" }{ "{" }char{ "}" }{ "}" } stands for, when set)
character-editor-description = Description
character-editor-personality = Personality
character-editor-scenario = Scenario
character-editor-first-message = First message
character-editor-greetings = Alternate greetings (other versions of the first message)
character-editor-remove = Remove
character-editor-add-greeting = Add a greeting
character-editor-examples = Example dialogue (examples separated by <START>)
character-editor-system-prompt = System prompt ({ "{" }{ "{" }original{ "}" }{ "}" } stands for the assistant's own)
character-editor-post-history = Post-history instructions (sent after the conversation)
character-editor-creator-notes = Creator's notes (shown, never sent)
character-editor-tags = Tags (separated by commas)
character-editor-creator = Creator
character-editor-no-book = It has no character book.
character-editor-export-book = Export its book as World Info
character-editor-world-books = World books this character uses
world-books-none-settings = No world books yet: import one in Settings → World books & dictionaries.
character-editor-save = Save character
character-editor-back = Back to the gallery

## Characters: gallery
character-gallery-label = Characters
character-gallery-import = Import character card
character-gallery-search = Search characters
character-gallery-hint = Character Card V1, V2 or V3, as JSON or inside a PNG (SillyTavern, Chub and others). A card is read in this page; nothing is uploaded.
character-gallery-filter-tag = Filter by tag
character-gallery-empty = No characters yet: import a card to begin.
character-gallery-no-match = No character matches the search and tags.
character-gallery-tags = Tags
character-gallery-no-greeting = No greeting: the chat starts with your message.
character-gallery-one-greeting = Opens with its greeting.
character-gallery-chat = Chat
character-gallery-edit = Edit
character-gallery-export = Export
character-gallery-png = PNG card
character-gallery-json-v2 = JSON (V2)
character-gallery-json-v3 = JSON (V3)
character-gallery-delete = Delete

## Chat settings (this chat)
chat-settings-label = This chat
chat-settings-close = Close this chat's settings
chat-settings-speak-as = You speak as
chat-settings-default-no-persona = The default (no persona)
chat-settings-personas-hint = Personas are made in Settings → Characters.
chat-settings-prompt = This chat's system prompt
chat-settings-prompt-placeholder = Empty: the assistant's own
chat-settings-prompt-not-allowed = This chat's assistant does not allow a chat's own system prompt (its settings can).
chat-settings-prompt-hint = Sent instead of the assistant's system prompt; with a character, in place of { "{" }{ "{" }original{ "}" }{ "}" } (the card stays).
chat-settings-save-prompt = Save prompt
chat-settings-world-books = World books in this chat
chat-settings-dictionaries = Chat dictionaries in this chat
dictionaries-none-settings = No dictionaries yet: make one in Settings → World books & dictionaries.

## Conversation
chat-empty-heading = What can I help with?
chat-empty-type = Type below and press Enter; the answer streams in as it is written.
chat-empty-attach = Attach a document, a picture or a ZIP to ask about it.
chat-empty-versions = Regenerate or edit a message to try another version: every version is kept.
chat-empty-shortcuts = Press ? for the keyboard shortcuts.
chat-follow-ups-label = Suggested follow-up questions
chat-jump-latest = ↓ Jump to latest

## Citations
citations-label = Sources
citations-open-conversation = Open this conversation

## Composer
composer-label = Message
composer-placeholder-enter = Message (Enter to send, Shift+Enter for a new line)
composer-placeholder-ctrl-enter = Message (Ctrl+Enter to send, Enter for a new line)
composer-attach-title = Attach images or text files (or paste / drop them)
composer-attach = Attach
composer-attach-label = Attach files
composer-send = Send
composer-stop = Stop

## Context meter
context-meter-title = Estimated tokens of the next request. Past the threshold the oldest messages are summarised (in the request only; nothing is deleted). Set the model's context window in Settings to measure against it.
context-meter-label = Context used
context-meter-inspect = Inspect

## Characters (continued)
character-editor-heading = Edit { $name }
character-editor-greeting = Alternate greeting { $n }
character-editor-remove-greeting = Remove alternate greeting { $n }

## Chat settings (continued)
chat-settings-default-persona = The default persona ({ $name })

## Plurals: characters and the conversation
character-editor-book = Its character book ({ $n ->
    [one] { $n } entry
   *[other] { $n } entries
}) is this assistant's lorebook.
character-gallery-greetings = Opens with one of { $n } greetings (‹ › switches).
chat-show-earlier = Show earlier messages ({ $n } more)

## Settings: dictionaries
dictionary-editor-label = Edit dictionary
dictionary-name = Name
dictionary-budget = Token budget (per message)
dictionary-hint = A word matches whole words in any case; a regular expression may use $1 in its replacement. Chance and “at most” apply per message.
dictionary-word = Word or pattern
dictionary-replacement = Replacement
dictionary-chance = Chance (%)
dictionary-at-most = At most (empty: all)
dictionary-regex = Regular expression
dictionary-enabled = Enabled
dictionary-remove = Remove
dictionary-add-entry = Add entry
dictionary-save = Save dictionary
dictionary-back = Back to the list
dictionary-heading = Chat dictionaries
dictionary-import = Import dictionary
dictionary-new = New dictionary
dictionary-intro = Replacements in what you send, made in the request only (your message stays as you wrote it). Files: Skein's dictionary format, an object of "word": "replacement", or a list of entries.

## Errors
error-retry = Retry
error-dismiss = Dismiss

## Settings: fallbacks
fallback-up = Up
fallback-remove = Remove
fallback-heading = Fallbacks
fallback-hint = When the provider fails before answering, these are tried in order. One that fails 3 times in a row is skipped for 30 s; the answer says who answered.
fallback-protocol = Protocol
fallback-base-url = Base URL
fallback-api-key = API key
fallback-model = Model
fallback-add = Add fallback

## Lists of files (edit, export, delete)
file-row-edit = Edit
file-row-export = Export
file-row-delete = Delete

## Find in conversation
find-label = Find in this conversation
find-previous = Previous match
find-next = Next match
find-close = Close find

## Follow-ups
follow-up-remind-at = Remind me at
follow-up-set = Set
follow-up-open-again = Open again
follow-up-done = Done
follow-up-delete = Delete
follow-up-label = Follow-ups
follow-up-close = Close the follow-ups
follow-up-intro = An assistant only answers when you write, so it cannot come back to you by itself. Its promises are kept here: set a time and Skein reminds you (while it is open in a tab).
follow-up-none = No follow-ups.

## Extension: host permissions
host-permissions-heading = Sites Skein may reach
host-permissions-hint = As an extension, Skein can call providers that do not allow web pages (no CORS headers), but only the sites you grant, one by one: it asks when you save a provider.
host-permissions-none = None yet.
host-permissions-revoke = Revoke

## Images
image-loading = Image loading…

## Knowledge
knowledge-heading = Knowledge bases
knowledge-intro = Documents stay in this browser. An assistant answers from the bases bound to it, and cites them.
knowledge-new-name = New knowledge base name
knowledge-new-placeholder = New knowledge base
knowledge-create = Create
knowledge-delete-base = Delete base
knowledge-delete = Delete
knowledge-embedding-placeholder = Embedding model, e.g. text-embedding-3-small or nomic-embed-text
knowledge-use = Use
knowledge-reembed-label = Re-embed the knowledge base?
knowledge-chunk-size = Chunk size (characters)
knowledge-overlap = Overlap
knowledge-chunking-label = For documents added from now on
knowledge-chunking-apply = Apply to new documents
knowledge-add-files = Add files (text, Markdown, HTML, PDF, Word)
knowledge-paste-title-label = Title of the pasted text
knowledge-paste-title = Title
knowledge-paste-text-label = Text to add
knowledge-paste-text = Paste text to add
knowledge-add-text = Add text

## Knowledge, dictionaries, fallbacks, follow-ups (with placeholders)
dictionary-editor-heading = Edit { $name }
dictionary-entries = { $n ->
    [one] { $n } entry
   *[other] { $n } entries
}
fallback-up-label = Try { $label } earlier
fallback-remove-label = Remove { $label }
fallback-the-provider = (the provider)
follow-up-in-chat = In “{ $title }”
knowledge-embedded = { $done } of { $total } chunks embedded with { $model }.
knowledge-by-words = Searched by its words. Set an embedding model of your provider to search by meaning too.
knowledge-delete-base-label = Delete the knowledge base { $name } and its documents
knowledge-document-summary = { $name } · { $count ->
    [one] { $count } chunk
   *[other] { $count } chunks
}
knowledge-delete-document = Delete { $name }
knowledge-embedding-label = Embedding model for { $name }
knowledge-reembed-offer = { $count ->
    [one] { $count } chunk is
   *[other] { $count } chunks are
} embedded with { $old }. Vectors of different models are never compared: to use { $new }, every chunk is embedded again (the base is searched by its words meanwhile).
knowledge-reembed-with = Re-embed with { $new }
knowledge-keep = Keep { $old }
knowledge-add-files-label = Add files to { $name }

## Markdown in messages
markdown-task = Task
markdown-copy-code = Copy code
copied = Copied
copy = Copy
markdown-link-removed = Link removed: not a web or mail address
markdown-image-not-web = Image not shown: not a web address
markdown-open-it = Open it

## Settings: MCP servers
mcp-edit-label = Edit MCP server
mcp-add-label = Add an MCP server
mcp-name = Name (starts its tools' names)
mcp-address = Address (Streamable HTTP endpoint)
mcp-address-placeholder = https://example.com/mcp
mcp-sign-in = Sign-in
mcp-auth-none = None
mcp-auth-bearer = Bearer token
mcp-auth-header = A header of its own
mcp-token = Token
mcp-header-name = Header name
mcp-header-value = Header value
mcp-save = Save server
mcp-add = Add server
cancel = Cancel
mcp-test = Test
mcp-on = On
mcp-edit = Edit
mcp-remove = Remove
mcp-its-tools = Its tools
mcp-heading = MCP servers
mcp-intro = Tools of servers that speak the Model Context Protocol over Streamable HTTP. The server must allow this site (CORS). Turn its tools on for an assistant under Assistants; tools that may change something ask you first.

## Settings: memories
memory-heading = Memories
memory-intro = What assistants remember about you. Given to the model as information, never as instructions.
memory-none = Nothing remembered yet.
memory-every-assistant = every assistant
memory-label = Memory
memory-save = Save
memory-forget-label = Forget this memory
memory-forget = Forget

## Messages
message-previous-version = Previous version
message-next-version = Next version
message-reasoning-live = Reasoning…
message-reasoning = Reasoning
message-edit-label = Edit message
message-save-send = Save & send
message-edit = Edit
message-regenerate = Regenerate
message-continue = Continue
message-copy-label = Copy the message text
message-inspect = Inspect the request
message-delete = Delete

## Model picker
model-picker-label = Model

## Notifications
notify-enable = Notify me when an answer is ready in a background tab
notify-on = Notifications are on: you are told when an answer finishes in a background tab.
notify-blocked = Notifications are blocked for this site in the browser's settings.
notify-unsupported = This browser cannot show notifications here.

## Settings: personas
persona-label = Personas
persona-heading = Your personas
persona-intro = Who you are in a chat: the name { "{" }{ "{" }user{ "}" }{ "}" } stands for and a description the model is told. New chats use the default; a chat can choose its own under This chat.
persona-default = Default persona
persona-none = None (the assistant's user name)
persona-name-label = Persona name
persona-description-label = Persona description
persona-save = Save
persona-delete = Delete
persona-new-label = New persona
persona-new-name = Name (what { "{" }{ "{" }user{ "}" }{ "}" } becomes)
persona-new-name-label = New persona name
persona-new-description = Description (optional)
persona-new-description-label = New persona description
persona-add = Add persona

## Prompt inspector
inspector-label = Prompt inspector
inspector-close = Close the prompt inspector
inspector-building = Building the request…
inspector-world-books = Lorebooks and world books
inspector-no-entry = No entry fired.
inspector-dictionaries = Chat dictionaries
inspector-messages = Messages
inspector-tools = Tools offered
inspector-body = The exact request body
inspector-copy-body = Copy the request body

## Markdown, MCP, memories, messages, models, inspector (with placeholders)
markdown-image-alt = [image: { $alt }]
markdown-image-tells = Loading it tells { $host } that you are reading this.
markdown-image-load = Load image from { $host }
markdown-image-load-alt = Load image from { $host }: { $alt }
markdown-image-loading = Loading image from { $host }…
markdown-image-failed = The image from { $host } cannot be shown: { $reason }.
mcp-status-off = Off
mcp-status-connected = Connected · { $count ->
    [one] { $count } tool
   *[other] { $count } tools
}
mcp-status-error = Not connected: { $error }
mcp-status-connecting = Connecting…
mcp-left-out = Left out: { $tools }.
mcp-not-offered = Not offered: { $tools }
memory-known-to = Known to { $whose }
message-corrected = Not done: this answer says "{ $claimed }", but nothing was actually done: Skein ran no tool for it.
message-corrected-dismiss = Hide note
message-follow-up-promise = "{ $phrase }": the assistant cannot follow up on its own. It is in your Follow-ups: set a time there to be reminded.
message-reasoned-for = Reasoned for { $seconds } s
model-ability-vision = vision
model-ability-tools = tools
model-ability-reasoning = reasoning
model-picker-title = Model, from { $provider }
inspector-totals = { $model } · ≈ { $tokens } tokens in { $messages } messages{ $tools ->
    [0] {""}
    [one] {" "}and { $tools } tool
   *[other] {" "}and { $tools } tools
}
inspector-tokens = ≈ { $tokens } tokens
inspector-dictionary-line = { $name }: { $replaced } replaced{ $skipped ->
    [0] {""}
   *[other] , { $skipped } left for the budget
}
inspector-summary-pending = A new summary of the first { $messages } messages is made when this is sent.
inspector-summary = A summary (≈ { $tokens } tokens) stands in for the first { $messages } messages.
inspector-tool-line = { $name } (≈ { $tokens } tokens)
pick-list-everywhere = (active in every chat)

## Regenerate with another model
regenerate-other-model = Regenerate with another model
regenerate-listing = Listing the provider's models…
regenerate-no-models = The provider lists no models.
regenerate-with = Write a new version with

## Regex rules
regex-heading = Regex rules (find and replace; $1 or ${ "{" }name{ "}" } in the replacement)
regex-name = Name
regex-pattern = Pattern
regex-replacement = Replacement
regex-your-messages = Your messages
regex-answers = Answers
regex-on = On
regex-remove-label = Remove this rule
regex-remove = Remove
regex-add = Add rule

## Settings: provider connection
provider-connection = Connection
provider-protocol = Protocol
provider-base-url = Base URL
provider-api-key = API key (leave empty for local servers)
provider-model = Model
provider-fetch-models = Fetch models
provider-models-label = Models the provider offers
provider-choose-model = Choose a model…
provider-limits = Timeouts and limits
provider-first-token-timeout = First-token timeout (seconds; reasoning models can think for minutes)
provider-idle-timeout = Idle timeout (seconds without new text once the answer started)
provider-requests-per-minute = Requests per minute (empty: no limit)
provider-tokens-per-minute = Tokens per minute (empty: no limit)
provider-advanced = Model window, embeddings, tools, custom headers and body
provider-context-window = Context window in tokens (empty: unknown; filled in from the model list when the provider says)
provider-embedding-model = Embedding model for memories (empty: memories are chosen by their words)
provider-embedding-placeholder = e.g. text-embedding-3-small or nomic-embed-text
provider-tools = The model can call tools (off: no tool definitions are sent)
provider-vision = The model sees images (off: images are read by the model below, or left out)
provider-vision-model = Model that reads images for it (a vision model of this provider; empty: none)
provider-vision-placeholder = e.g. gpt-4o-mini or llava
provider-headers = Custom headers, one "Name: value" per line (sent with every request; values may be secrets and are kept like the API key)
provider-body = Custom body entries, a JSON object merged into every chat request
provider-save = Save

## Settings navigation
settings-sections-label = Settings sections

## Keyboard shortcuts
shortcuts-heading = Keyboard shortcuts
shortcuts-close = Close

## Sidebar
sidebar-label = Conversations
sidebar-new-chat = New chat
sidebar-search-label = Search conversations
sidebar-search-placeholder = Search titles and messages
sidebar-no-match = No conversation matches.
sidebar-empty = Your conversations will be listed here, newest first. They stay in this browser.
sidebar-temporary = Temporary
sidebar-generating = Generating
sidebar-new-title = New title

## Storage
storage-check-again = Check again
reload = Reload
storage-heading = Storage

## Conversation summary
summary-none = No summary yet: every message of this branch is sent with each request.
summary-your-instructions = Your instructions:
summary-edit = Edit
summary-reset = Reset
summary-your-version = Your version
summary-save = Save
summary-cancel = Cancel
summary-label = Conversation summary
summary-close = Close the summary
summary-instructions = Instructions for the summary (optional)
summary-instructions-placeholder = Keep the code and every date
summary-now = Summarise now
summary-now-hint = Everything before your last question, with this chat's model: one request.

## Message template
template-label = Message template (wraps each message you send; empty: sent as written)
template-put-cursor = Put the cursor there
template-syntax = Template syntax
template-inserts = inserts a value:
template-if = keeps its text when the value is not empty;
template-else = gives the other text.
template-rest = Everything else is sent as written.

## Temporary chat
temporary-banner = Temporary chat.
temporary-banner-detail = Nothing of it is saved on this device; it is gone when Skein closes or reloads.
temporary-keep = Keep this chat
temporary-toggle = Temporary chat
temporary-next-hint = This chat will not be saved: it is gone when Skein closes or reloads, unless you keep it.
temporary-hint = Not saved, not in backups, until you keep it.

## Tool calls
tool-call-error = Error
tool-call-result = Result
tool-call-approve = Approve
tool-call-deny = Deny
tool-call-answer = Answer…
tool-call-answer-label = Your answer in the tool's place
tool-call-send-answer = Send answer
tool-policies-heading = Tools the assistant may call
tool-policies-none = No tools are available.

## Undo, updates, usage, waiting
undo = Undo
usage-chart-label = Tokens per day by model; the table below lists the figures
usage-chart-models = Models
waiting-dont-send = Don’t send

## Settings pages
settings-providers = Providers
settings-assistants = Assistants
settings-characters = Characters
settings-world-books = World books & dictionaries
settings-knowledge = Knowledge & memory
settings-tools = Tools
settings-appearance = Appearance
settings-usage = Usage
settings-data = Data
settings-providers-summary = Where answers come from: the provider, its key, its models and limits.
settings-assistants-summary = Who answers: instructions, sampling, tools and what each tool may do.
settings-characters-summary = Characters from card files, and who you are in a chat: your personas.
settings-world-books-summary = Lore that joins the prompt when its keys come up (SillyTavern World Info), and words replaced in what you send.
settings-knowledge-summary = Documents to answer from, and what assistants remember about you.
settings-tools-summary = Tools that act: web search, and MCP servers with what they offer.
settings-appearance-summary = Theme, text size, notifications and keyboard shortcuts.
settings-usage-summary = Tokens per day and model as providers reported them, and their cost.
settings-sync = Sync
settings-sync-summary = Your chats in every browser you use, encrypted before they leave this one.
sync-heading = Sync across devices
sync-intro = Keep your chats the same in every browser you use, through a server that speaks CouchDB’s replication protocol (CouchDB, PouchDB Server, Cloudant), run or rented by you. Everything is encrypted here, with a key made from your passphrase, before it leaves this browser: the server cannot read your chats.
sync-what = Never synced: attachments’ files and knowledge bases stay on the device that added them, because a file or a knowledge base runs to megabytes and CouchDB refuses a document over 8 MB by default (a backup file under Data moves them). Assistants (and the characters among them) and memories do not sync yet.
sync-scope-heading = What to sync
sync-scope-conversations = Conversations and their messages, with deletions
sync-scope-settings = Settings: provider and models, personas, world books, chat dictionaries, MCP servers, web search and workflows
sync-scope-keys = API keys and other credentials with the settings (header values, MCP tokens, the web search key), encrypted like the rest
sync-scope-hint = A device that turns settings on takes the settings already synced. When two devices change the same settings while apart, the one synced later wins. Without API keys, each device keeps its own.
sync-url = Database address (https://…/database)
sync-username = User name
sync-password = Password
sync-passphrase = Passphrase
sync-passphrase-hint = Use the same passphrase on every device. It cannot be recovered: without it the synced copy cannot be read. Making the key from it takes a moment.
sync-connect = Connect and sync
sync-connecting = Connecting…
sync-with = Syncing with { $url } as { $user }
sync-with-anonymous = Syncing with { $url }
sync-running = Syncing…
sync-paused = Paused: nothing is sent or received until you resume.
sync-never = Not synced yet.
sync-last = Last synced { $when }.
sync-pulling = Receiving… { $count } applied
sync-pushing = Sending… { $sent } of { $total }
sync-report = Last round: received { $pulled }, sent { $pushed }, deleted here { $deleted }.
sync-report-unreadable = { $count } could not be opened with this passphrase and were left alone.
sync-pending = { $count ->
    [one] One change here is not sent yet.
   *[other] { $count } changes here are not sent yet.
}
sync-now = Sync now
sync-pause = Pause
sync-resume = Resume
sync-forget = Stop syncing on this device
sync-forget-hint = Stopping keeps your chats here and on the server; this browser forgets the server and the key.
sync-conflicts-heading = Renamed on two devices
sync-conflict = Kept “{ $kept }”; the other device had “{ $other }” ({ $when }).
sync-settings-conflicts-heading = Settings changed on two devices
sync-settings-conflict = { $area }: the version synced later was kept; { $whose } was replaced ({ $when }).
sync-settings-lost-here = this device’s
sync-settings-lost-there = the other device’s
sync-take-other = Use the replaced version
sync-area-providers = Provider and models
sync-area-personas = Personas
sync-area-world-books = World books
sync-area-dictionaries = Chat dictionaries
sync-area-mcp-servers = MCP servers
sync-area-web-search = Web search
sync-area-workflows = Workflows
settings-data-summary = Storage, backups, imports and this build.

## Settings: providers (continued)
provider-kind-openai = OpenAI-compatible (OpenAI, Ollama, llama.cpp, vLLM, OpenRouter, Groq, Mistral, DeepSeek)
provider-kind-anthropic = Anthropic
provider-kind-gemini = Google Gemini
provider-whole-number = { $field } must be a whole number (or empty).
provider-field-first-token = The first-token timeout
provider-field-idle = The idle timeout
provider-field-rpm = Requests per minute
provider-field-tpm = Tokens per minute
provider-field-context-window = The context window
saved = Saved.
regex-rule-default-name = Rule { $n }

## Keyboard shortcuts (continued)
shortcut-new-chat = New chat
shortcut-search = Search conversations
shortcut-find = Find in this conversation
shortcut-focus-composer = Focus the message box
shortcut-escape = Close a panel, or stop the answer being written
shortcut-send = Send / new line (or Ctrl+Enter to send, in the settings)
shortcut-help = Show these shortcuts

## Storage (continued)
storage-using-of = Using { $used } of { $quota } this browser allows.
storage-using = Using { $used }.
storage-usage-unknown = This browser does not report how much storage is used.
storage-persistent = Storage is persistent: the browser will not clear it on its own.
storage-not-persistent = Storage is not persistent: the browser may clear it when space runs low. Back up what matters.
storage-persistence-unknown = This browser does not say whether it may clear Skein's storage.

## Tool calls (continued)
tool-call-waiting = Waiting for your approval
tool-call-denied = Denied
tool-call-answered = Answered by you
tool-call-failed = Failed
tool-call-ran = Ran
tool-call-running = Running…
tool-call-label = Tool call: { $name }
tool-choice-off = Off
tool-choice-default-ask = On (default: asks first)
tool-choice-default-auto = On (default: runs by itself)
tool-choice-ask = On, ask me every time
tool-choice-auto = On, run without asking
tool-choice-label = { $name }: when it may run

## Sidebar (continued)
sidebar-rename = Rename “{ $title }”
sidebar-delete = Delete “{ $title }”
sidebar-show-more = Show older conversations ({ $n } more)

## Summary, template, undo, usage, waiting (with placeholders)
summary-threshold = Past about { $tokens } tokens the oldest messages are summarised by themselves.
template-problem = Line { $line }, column { $column }: { $problem }
undo-deleted = Deleted “{ $title }”.
usage-chart-bar = { $day } · { $model }: { $tokens } tokens
waiting-back-online = Back online: sending your message…
waiting-offline = Waiting for the connection: your message is saved and is sent when you are back online.
summary-stands-in = In requests it stands in for the first { $count } messages; they stay here, unchanged.
summary-covered = The { $count } messages it stands for

## Settings: usage
usage-price-in = in
usage-price-out = out
usage-none = No provider calls in this period. Every answer's calls are counted from here on, on this device only.
usage-model = Model
usage-calls = Calls
usage-tokens-in = Tokens in
usage-tokens-out = Tokens out
usage-price = Price per million (in / out)
usage-cost = Cost
usage-intro = Tokens as the providers reported them. Prices are yours to enter, per million tokens in any currency; they stay on this device.
usage-label = Usage
usage-period = Period
usage-export-csv = Export CSV

## Settings: web search
web-search-heading = Web search
web-search-intro = The web_search tool asks this service and cites each result it uses. SearXNG must allow this site (CORS) and its JSON format; Brave's API allows no web page, so it works in the browser extension only.
web-search-service = Service
web-search-address = Address
web-search-api-key = API key
web-search-token = Token (optional)
web-search-results = Results per search
web-search-safe = Safe search
web-search-safe-off = Off
web-search-safe-moderate = Moderate
web-search-safe-strict = Strict
web-search-save = Save web search

## Welcome
welcome-heading = Welcome to Skein
welcome-intro = Choose where the answers come from. Your key and your conversations stay in this browser.
welcome-providers = Providers
welcome-address = Address (base URL)
welcome-api-key = API key
welcome-api-key-optional = API key (if the server needs one)
welcome-connect = Connect
welcome-connecting = Connecting…
welcome-no-models = Connected, but the provider lists no models: choose one in the full settings.
welcome-model = Model
welcome-start = Start chatting
welcome-all-settings = All settings
welcome-all-settings-detail = — custom headers, timeouts, fallbacks, assistants, knowledge and backups. Or
welcome-look-around = look around first

## Workflows: editor
workflow-step-title = Title
workflow-step-kind = Kind
workflow-kind-question = Question
workflow-step-ask = Ask it
workflow-step-opening = Opening prompt (what the first round asks)
workflow-step-partner = How the dialogue partner takes part (optional)
workflow-step-moderator = When the moderator ends the step (optional)
workflow-step-rounds = Round limit
workflow-step-partner-model = Partner's model (empty: the chat model)
workflow-step-moderator-model = Moderator's model (empty: the chat model)
workflow-move-up = Move up
workflow-move-down = Move down
workflow-remove-step = Remove step
workflow-editor-label = Edit workflow
workflow-name = Name
workflow-description = Description
workflow-runs-keep = Runs already started keep the steps they started with.
workflow-add-question = Add question
workflow-add-dialogue = Add dialogue
workflow-save = Save workflow
workflow-back = Back to workflows

## Usage (continued)
usage-last-7 = Last 7 days
usage-last-30 = Last 30 days
usage-last-90 = Last 90 days
usage-everything = Everything
usage-cost-total = cost { $cost }
usage-unpriced = Without a price (left out of the cost): { $models }.
usage-price-in-label = { $model }: price per million input tokens
usage-price-out-label = { $model }: price per million output tokens

## Welcome (continued)
welcome-use = Use { $name }

## Workflows (continued)
workflow-kind-dialogue = Dialogue rounds
workflow-mode-stock = As written
workflow-mode-phrased = Phrased by the model from the earlier answers
workflow-step-context-none = Context for this step: none besides the run's
workflow-step = Step { $n }
workflow-rounds-hint = Each round: you answer, the partner replies, the moderator decides whether another round follows (at most { $max }).
workflow-editor-heading = Edit { $name }

## World books: entry choices
lore-position-before = Before the system prompt (before the character)
lore-position-after = After the system prompt (after the character)
lore-position-top = At the top of the chat
lore-position-last-user = Before the last user message
lore-position-depth = At a depth among the messages
lore-position-an-top = Author's note, top (depth 4)
lore-position-an-bottom = Author's note, bottom (depth 4)
lore-position-em-top = Before the example dialogue
lore-position-em-bottom = After the example dialogue
lore-logic-and-any = and any of them
lore-logic-and-all = and all of them
lore-logic-not-any = and none of them
lore-logic-not-all = and not all of them
role-system = System
role-user = User
role-assistant = Assistant
usage-summary = { $calls ->
    [one] { $calls } call
   *[other] { $calls } calls
} · { $in } tokens in · { $out } out
usage-unfinished = { $n } did not finish
welcome-local-running = is running on this computer ({ $n ->
    [one] { $n } model
   *[other] { $n } models
}). No key needed, nothing leaves the machine.
welcome-connected = Connected: { $n ->
    [one] { $n } model
   *[other] { $n } models
}.
workflow-step-context = Context for this step: { $n } chosen

## Workflows: a run
workflow-run-you = You:
workflow-run-partner = Partner:
workflow-run-phrased-title = Phrased by the model from your earlier answers
workflow-run-phrased = phrased
workflow-run-moderator = Moderator's summary:
workflow-run-end-dialogue = End this dialogue
workflow-run-working = Working…
workflow-run-try-again = Try again
workflow-run-complete = This run is complete. It stops here; continue it as a chat to talk its answers through.
workflow-run-open-chat = Open its chat
workflow-run-continue-chat = Continue as chat
workflow-run-waiting = Waiting to continue.
workflow-run-continue = Continue
workflow-run-stop = Stop
workflow-run-export-markdown = Export Markdown
workflow-run-export-json = Export JSON
workflow-run-all = All workflows

## Workflows: screen
workflow-gone = That workflow is no longer stored.
workflow-start-label = Start a run
workflow-context = Context for every step (optional)
workflow-context-none = No earlier chats or knowledge bases yet.
workflow-start-run = Start run
workflow-cancel = Cancel
workflow-new = New workflow
workflow-import = Import workflow
workflow-draft-hint = Or describe a goal in a line, and the model drafts the steps for you to edit
workflow-draft-placeholder = Prepare for a job interview
workflow-drafting = Drafting…
workflow-draft = Draft with the model
workflow-heading = Workflows
workflow-none = No workflows yet. A workflow leads you through questions and moderated dialogue rounds, and keeps your answers.
workflow-start = Start
workflow-edit = Edit
workflow-duplicate = Duplicate
workflow-export = Export
workflow-delete = Delete
workflow-runs = Runs
workflow-no-runs = No runs yet.
workflow-open = Open
workflow-run-gone = That run is no longer stored.
workflow-back-to-chat = Back to chat

## Workspace files
workspace-label = This chat's files
workspace-close = Close the files
workspace-intro = The assistant reads and writes these with its workspace tools (turn them on under Settings → Assistants; writing asks you first). Markdown files in skills/ are skills it can load. Long tool outputs are kept in tool_outputs/.
workspace-folder = Into the folder (empty: the top; skills/ for skills)
workspace-folder-placeholder = e.g. skills
workspace-upload = Upload a file
workspace-reading = Reading the files…
workspace-none = No files yet.
workspace-files = Files
workspace-view = View
workspace-download = Download
workspace-delete = Delete

## World books: editor
lore-tag-off = off
lore-tag-always = always
lore-title = Title
lore-enabled = Enabled
lore-constant = Always on (constant)
lore-keys = Keys, separated by commas (/pattern/i for a regular expression)
lore-case-sensitive = Case-sensitive
lore-whole-words = Whole words only
lore-secondary-keys = Secondary keys (optional)
lore-logic = When a key matches, fire…
lore-content = Content (what the model is told)
lore-position = Position
lore-depth = Depth (0: after the last)
lore-role = As
lore-order = Order
lore-priority = Priority
lore-chance = Chance (%)
lore-scan-depth = Scan depth
lore-order-hint = Lower order goes first where entries meet; higher priority is kept first when the budget is short; an empty scan depth uses the book's.
lore-exclude-recursion = Not found through other entries
lore-prevent-recursion = Its text finds no other entries
lore-remove-entry = Remove entry
world-book-editor-label = Edit world book
world-book-name = Name
world-book-description = Description
world-book-scan-depth = Scan depth (messages)
world-book-budget = Token budget
world-book-recursive = Recursive: entries' text can make other entries fire
world-book-add-entry = Add entry
world-book-save = Save world book
world-book-back = Back to the list

## World books: list
world-books-label = World books
world-books-import = Import World Info
world-books-new = New world book
world-books-intro = SillyTavern World Info files (and books exported from character cards). Entries fire when their keys appear in the recent messages; a chat uses the books active everywhere, its character's and its own.
world-books-none = No world books yet.
world-books-everywhere = Active in every chat

## Workflows (with placeholders)
workflow-moderator-another = Moderator: another round — { $prompt }
workflow-moderator-finished = Moderator: finished.
workflow-round = Round { $n }: { $prompt }
workflow-waiting-question = Phrasing the next question…
workflow-waiting-partner = The dialogue partner is answering…
workflow-waiting-moderator = The moderator is deciding…
workflow-waiting-save = Saving…
workflow-progress = Step { $step } of { $total } · { $done } done
workflow-progress-complete = Complete · { $total } steps
workflow-progress-continued = Complete · continued as a chat
workflow-your-answer-to = Your answer: { $prompt }
workflow-send = Send
workflow-your-answer = Your answer
workflow-answer = Answer
workflow-run-label = Run of { $name }
workflow-status-active = In progress: { $done } of { $total } steps done
workflow-status-complete = Complete
workflow-status-continued = Complete, continued as a chat
workflow-start-heading = Start { $name }
workflow-start-steps = { $n } steps. The run keeps these steps even if the workflow is edited later.
workflow-steps = { $n } steps

## World books (with placeholders)
lore-entry-default-name = Entry { $n }
world-book-editor-heading = Edit { $name }
world-book-entries-hint = { $n } entries. Open one to edit it.
workspace-file-label = The file { $path }

## Forms: checks and errors
assistant-form-out-of-range = { $field } must be { $range }, or empty for the default.
assistant-field-temperature = Temperature
assistant-range-temperature = between 0 and 2
assistant-field-top-p = Top-p
assistant-range-top-p = between 0 and 1
assistant-field-max-tokens = Maximum output tokens
assistant-range-max-tokens = a whole number above 0
assistant-field-threshold = The context threshold
assistant-range-threshold = at least 1000 tokens
assistant-form-needs-name = Give the assistant a name.
character-editor-needs-name = A character needs a name.
attachment-image = { $format } image, { $size }
attachment-text = text, { $size }

## Branch map (with placeholders)
branch-map-empty = No messages yet.
branch-map-one-branch = { $messages } messages on one branch: regenerate an answer or edit a question to make another version.
branch-map-branches-summary = { $messages } messages on { $branches } branches.
branch-map-folded = { $count } more messages without other versions
branch-map-folded-show = { $text }: show them
branch-map-row-version = , version { $n } of { $of }
branch-map-you = You
branch-map-assistant = Assistant
branch-map-system = System

## Context meter (with placeholders)
context-meter-summary-covers = A summary stands in for the first { $messages } messages
context-meter-summary = Summary
context-meter-of-window = ≈ { $used } of { $window } tokens · summarises past { $threshold }
context-meter-of-threshold = ≈ { $used } of { $threshold } tokens before summarising

## Find, MCP, messages, knowledge (continued)
find-no-matches = No matches
find-position = { $current } of { $total }
mcp-tool-read-only = runs by itself (read-only)
mcp-tool-asks = asks first
message-stopped = Stopped: this answer is incomplete.
message-paused = Paused: a tool call is waiting for your approval.
knowledge-pasted-text = Pasted text

## The app's frame
app-offline-title = No connection: your chats, search, settings and export still work; messages wait until you are back online.
app-offline = Offline
app-find-title = Find in this conversation (Ctrl+Shift+F)
app-find = Find
app-branches-title = Every message and its versions
app-this-chat-title = This chat's persona and system prompt
app-follow-ups-title = What answers promised to follow up on
app-workflows-title = Guided question runs and moderated dialogue rounds
app-settings = Settings
app-confirm-delete-message = Delete this message and everything after it on this branch?
app-this-panel = This panel
app-export = Export
app-loading = Loading…
settings-assistant-in-use = Assistant in use
settings-new-assistant = New assistant
settings-delete-assistant = Delete assistant
settings-memory-tool = Memory: the assistant may remember facts about you (each change asks you first, unless you change that under its tools)

## The app's frame (with placeholders)
app-follow-ups-label = Follow-ups ({ $n } open)
app-screen-load-failed = { $screen } could not be loaded: this part of Skein is fetched when first opened, and the network or the site did not answer. Your data is untouched.

## Notices: attachments, characters, conversations, dictionaries
notice-too-many-attachments = A message can carry at most { $MAX_ATTACHMENTS } attachments; "{ $file }" was left out.
notice-file-unreadable = "{ $file }" could not be read: { $err }
notice-character-imported = Imported { $character } from { $name }.
notice-not-imported = { $name } was not imported: { $err }
notice-exported = Exported { $file }.
notice-card-export-failed = The card could not be exported: { $err }
notice-no-own-book = { $name } has no book of its own.
notice-saved-name = Saved { $name }.
confirm-delete-character = Delete the character { $name }? Its chats stay and go on with the default assistant.
notice-deleted-name = Deleted { $name }.
notice-search-failed = Search failed: { $err }
notice-delete-failed = The conversation could not be deleted (it is back in the list): { $err }
dictionary-default-name = Dictionary { $n }
confirm-delete-dictionary = Delete the dictionary { $name }? Chats and assistants that use it stop using it.
notice-embedding-progress = Embedding { $base }: { $done } of { $total } chunks…

## Notices: the extension, files
notice-menu-unreachable = Questions from the page's menu cannot reach this panel: { $err }
notice-host-granted = Skein may now reach { $pattern }.
notice-host-ask-failed = Skein could not ask for permission to reach { $pattern }: { $err }
notice-host-revoked = Skein may no longer reach { $pattern }.
notice-host-kept = The browser kept Skein's permission to reach { $pattern }.
notice-host-revoke-failed = Skein could not give up its permission to reach { $pattern }: { $err }
notice-page-attached = “{ $title }” is attached: ask about it.
notice-page-unreadable = The page could not be read: { $reason }
notice-export-failed = The export could not be saved: { $err }
notice-backup-failed = The backup could not be made: { $err }
notice-file-read-failed = The file could not be read: { $err }

## Notices: follow-ups, storage, models, tools, usage
follow-up-notification = Follow-up: { $text }
follow-up-notification-title = Follow-up: { $title }
notice-reminder-failed = The reminder could not be shown as a notification: { $err }
follow-up-reminded-at = reminded at { $time }
follow-up-reminds-at = reminds you at { $time }
notice-not-a-date = “{ $value }” is not a date and time.
notice-reminder-set = Skein reminds you at { $time }.
notice-update-failed = The new version cannot start: { $err }
notice-knowledge-unreadable = "{ $file }" could not be read: { $err }
notice-notification-failed = The notification could not be shown: { $err }
notice-storage-unavailable = Skein cannot open its local storage, so nothing can be saved: { $err }
notice-generation-load-failed = Skein could not load the part of itself that writes answers, so nothing was sent. Check the connection (or reload the page) and try again.
notice-inspector-load-failed = Skein could not load the part of itself that builds requests. Check the connection (or reload the page) and try again.
notice-tools-load-failed = Skein could not load the part of itself that works with tools, files and knowledge, so nothing was done. Check the connection (or reload the page) and try again.
notice-sync-load-failed = Skein could not load the part of itself that syncs, so nothing was synced. Check the connection (or reload the page) and try again.
notice-image-failed = An image cannot be shown: { $err }
notice-models-failed = The models could not be listed: { $err }
notice-answer-unsaved = An answer is still not saved (it stays on screen): { $err }
notice-server-not-saved = { $name } was not saved: { $err }
notice-server-error = { $name }: { $err }
notice-usage-unreadable = Usage could not be read: { $err }
notice-price-error = { $model }: { $err }
notice-usage-export-failed = The usage could not be exported: { $err }

## Notices: welcome, workflows, workspace, world books
welcome-needs-key = { $provider } needs an API key: paste it above.
welcome-connected-to = Connected to { $provider }. Ask anything; the full settings are under Settings.
workflow-default-name = Workflow { $n }
notice-workflow-imported = Imported { $workflow } ({ $steps ->
    [one] { $steps } step
   *[other] { $steps } steps
}) from { $name }.
confirm-delete-workflow = Delete the workflow { $name }? Its runs are kept.
notice-file-stored = Stored { $path }.
notice-not-text = This is not a text file ({ $bytes } bytes): download it to open it.
notice-file-downloaded = Downloaded { $path }.
notice-file-deleted = Deleted { $path }.
notice-imported-entries = Imported { $item } ({ $entries ->
    [one] { $entries } entry
   *[other] { $entries } entries
}) from { $name }.
world-book-default-name = World book { $n }
confirm-delete-book = Delete the world book { $name }? Chats and characters that use it stop using it.
notice-book-export-failed = The book could not be exported: { $e }

## Notices (continued)
notice-server-removed = Removed the server.
notice-server-off = That server is off.
inspector-about-next = The next request, with what is in the composer now. Nothing is sent.
inspector-about-regenerate = The request regenerating this answer would make now (settings or books changed since it was written show as they are now). Nothing is sent.
notice-no-reminder = No reminder.
notice-follow-up-done = Done.
notice-follow-up-reopened = Open again.
notice-answer-failed = The answer failed.
notice-persona-next = The persona is used from the next answer on.
notice-chat-books-next = The chat's world books are used from the next answer on.
notice-chat-dictionaries-next = The chat's dictionaries are used from the next message on.
notice-chat-prompt-saved = Saved: the next answer uses it.
notice-storage-opening = Storage is still opening; try again in a moment.
notice-tab-close-unwatched = Skein cannot watch for the tab closing, so an answer streaming then may lose its last words: { $err }
notice-embedded-assistant-missing = The page asks for the assistant “{ $name }”, which this storage does not have: the chat uses “{ $used }”.
notice-connectivity-unwatched = Skein cannot tell when the connection comes and goes, so messages written offline are not sent by themselves: { $err }
notice-host-asking = Allow Skein to reach { $pattern } in your browser's prompt: as an extension Skein calls a provider that does not allow web pages only with your permission.
notice-host-refused = Skein may not reach { $pattern }: the browser's permission was not given. As an extension Skein needs it to call a provider that does not allow web pages; save the provider again to be asked again.
notice-image-missing = An image of this conversation is missing from storage.
notice-summarised = Summarised. The next request sends it.
notice-summary-saved = Saved. The next request sends your version.
notice-summary-reset = Reset. The next request sends the whole branch.
notice-chat-kept = Kept: this chat is saved like the others.
notice-workflow-drafted = The model's draft: edit it, then save.
confirm-delete-run = Delete this run and its answers?
notice-run-deleted = Deleted the run.
notice-book-new = A new world book: add its entries.
notice-book-everywhere = Active in every chat from the next answer on.
notice-book-not-everywhere = No longer active in every chat.
notice-dictionary-new = A new dictionary: add its entries.
notice-conversations-imported = Imported { $count ->
    [one] { $count } conversation
   *[other] { $count } conversations
} from { $name }.
notice-server-answered = { $name } answered with { $count ->
    [one] { $count } tool
   *[other] { $count } tools
}.
follow-up-deleted-chat = a deleted chat
notice-deleted = Deleted.
notice-duplicated = Duplicated.

## Dates in the conversation list
date-today = Today
date-yesterday = Yesterday
date-previous-7-days = Previous 7 days
date-previous-30-days = Previous 30 days

## The line under an answer
answer-model-via = { $model } via { $host }
answer-via = via { $host }
answer-tokens = { $in } tokens in{ $cached ->
    [0] {""}
   *[other] {" "}({ $cached } cached)
}, { $out } out{ $reasoning ->
    [0] {""}
   *[other] {" "}({ $reasoning } reasoning)
}
answer-first-token = first token { $seconds } s
answer-speed = { $speed } tokens/s
answer-planned = planned: { $plan }
plan-tools = tools { $tools }
plan-more = { $names } and { $more } more
plan-knowledge = knowledge
plan-memory = memory

## Summary (who and when)
summary-edited-made-by = Edited by you { $edited } (made by { $model })
summary-edited = Edited by you { $edited }
summary-made-by = Made { $made } by { $model }
summary-made = Made { $made }
summary-covered-message = { $who }: { $text }
summary-covered-empty = { $who }: (no text)

## Welcome: the providers' cards
preset-openai = GPT models with your OpenAI API key.
preset-anthropic = Claude models with your Anthropic API key.
preset-gemini = Gemini models with a Google AI Studio key.
preset-openrouter = Hundreds of models from many labs with one OpenRouter key.
preset-ollama = Models running on this computer with Ollama: no key, nothing leaves the machine.
preset-llamacpp = A model served by llama.cpp's llama-server on this computer: no key.
preset-other = vLLM, LM Studio, Groq, Mistral, DeepSeek or any server with an OpenAI-style API.
sentence-end = { "." }

## The error banner: the kind of failure
failure-timeout = Timeout
failure-rate-limit = Rate limit
failure-authentication = Authentication
failure-server = Server error
failure-network = Network or CORS
failure-request = Request refused
failure-blocked = Blocked by the provider
failure-other = Error

## Provider presets: their names
preset-name-openai = OpenAI
preset-name-anthropic = Anthropic
preset-name-gemini = Google Gemini
preset-name-openrouter = OpenRouter
preset-name-ollama = Ollama
preset-name-llamacpp = llama.cpp server
preset-name-other = Other OpenAI-compatible

## The prompt inspector: why a world book entry fired or was left out, and a message's extras
lore-why-always = always on
lore-why-key = “{ $key }” in { $place }
lore-why-key-and = “{ $key }” in { $place }, { $secondary }
lore-place-last = the last message
lore-place-before-last = the message before the last
lore-place-back = message { $n } from the end
lore-place-entry = the entry “{ $name }” (recursion)
lore-secondary-any = and { $keys }
lore-secondary-all = and all of { $keys }
lore-secondary-not-all = not all of { $keys }
lore-secondary-none = and none of { $keys }
inspector-lore-own-book = the assistant's lorebook
inspector-lore-chance = left out by chance (rolled { $roll }, needed { $chance } or less)
inspector-lore-budget = left out: the book's token budget was spent
inspector-extra-images = { $count ->
    [one] { $count } image
   *[other] { $count } images
}
inspector-extra-call = calls { $name }({ $arguments })
inspector-extra-result = result of call { $id }

## The summary panel's refusals
summary-refused-covered = The summary already covers everything before your last question. Edit it, or reset it and summarise again.
summary-refused-nothing = Nothing to summarise yet: a summary stands in for the messages before your last question, and there are none.
summary-refused-failed = Summarising failed ({ $err }); the conversation and its summary are unchanged.
summary-refused-empty = A summary cannot be empty; reset it to send the whole conversation again.
summary-refused-too-long = That summary is longer than { $max } characters; shorten it.
summary-refused-no-summary = This branch has no summary to edit (it changed?); summarise it first.

## Errors: what went wrong and what to do (the engine's `Explain`; English must read exactly as its `Display`)
error-chat-empty-message = Type a message first.
error-chat-no-conversation = There is no conversation to answer in; send a message first.
error-chat-empty-title = A title cannot be empty.
error-chat-unknown-conversation = That conversation is no longer stored (deleted in another tab?).
error-chat-default-assistant = The default assistant cannot be deleted; change its settings instead.
error-chat-tree = This conversation's stored messages are damaged ({ $err }); nothing was changed.
error-chat-no-such-answer = No answer "{ $id }" here.
error-chat-not-awaiting-decision = This tool call is not waiting for a decision.
error-chat-temporary-busy = Wait for the answer to finish, then keep the chat.
error-chat-temporary-not-kept = This chat could not be kept, it is still temporary: { $err }
error-settings-base-url = The base URL must start with http:// or https:// and name a host (got "{ $got }").
error-settings-missing-model = Choose a model name in the settings (for example gpt-4o-mini or llama3.2).
error-settings-api-key = The API key must be a single line without spaces.
error-settings-no-embeddings = Anthropic has no embeddings API: choose an OpenAI-compatible or Gemini provider for embeddings.
error-settings-custom-header = Custom header "{ $name }" is not valid: a name is letters, digits and -, and a value is one line.
error-settings-custom-body = The custom body is not valid: { $why }.
error-store-quota = The browser's storage is full ({ $detail }). Free some space (delete old chats or site data) and try again; nothing already saved was lost.
error-store-unavailable = Local storage is not available: { $detail }. Private windows and some browser settings block it.
error-store-corrupt = A stored record could not be read ({ $detail }); it was left untouched.
error-store-other = Saving failed: { $detail }
error-sync-unreachable = The sync server could not be reached ({ $detail }). Check its address and your connection; nothing was changed.
error-sync-unauthorized = The sync server refused the user name or password (HTTP { $status }).
error-sync-http = The sync server answered HTTP { $status } to { $what }: { $detail }
error-sync-bad-answer = The sync server's answer could not be read ({ $detail }).
error-sync-wrong-passphrase = This passphrase does not open the chats synced to this server. Nothing was changed.
error-sync-empty-passphrase = Enter a passphrase: it encrypts your chats before they leave this browser.
error-sync-unknown-format = The sync server holds data in a format this version does not know ({ $detail }); nothing was changed.
error-sync-crypto = Encryption failed: { $detail }
error-tree-unknown-id = No message with ID { $id } in this conversation.
error-tree-duplicate-id = Two messages share the ID { $id }.
error-tree-orphan = Message { $id } refers to a parent ({ $parent }) that does not exist.
error-tree-cycle = Message { $id } is its own ancestor (a cycle in the conversation tree).
error-tree-wrong-conversation = Message { $id } belongs to conversation { $found }, not { $expected }.
error-tree-moved = Message { $id } cannot change its place in the tree or its conversation.
error-tree-wrong-role = Message { $id } is a { $found } message; this needs a { $expected } message.
error-assistant-template = The assistant's message template is invalid. { $err }
error-rule-pattern = The pattern of rule "{ $name }" is not a valid regular expression: { $why }
error-template-unclosed = Template error at character { $at }: `{ $opener }` is never closed.
error-template-unknown-variable = Template error at character { $at }: unknown variable `{ $name }` (known: { $known }).
error-template-unknown-directive = Template error at character { $at }: unknown directive `{ $directive }`.
error-template-unmatched = Template error at character { $at }: `{ $directive }` without a matching `if`.
error-template-missing-endif = Template error: an `if` opened at character { $at } has no `endif`.
error-import = This file cannot be imported: { $at }: { $problem }. Nothing was imported.
import-problem-file-too-large = { $size } MiB is more than { $max } MiB
import-problem-not-json = not JSON ({ $why })
import-problem-unknown-format = neither a Skein conversation export nor ChatGPT's conversations.json
import-problem-too-many = more than { $max } messages
import-problem-text-too-large = { $size } bytes of text; at most { $max }
import-problem-version = version { $version } is not one this Skein reads (up to { $supported })
import-problem-not-a-list = missing, or not a list
import-problem-not-text = missing, or not text
import-problem-not-an-object = missing, or not an object
import-problem-other-conversation = belongs to another conversation
import-problem-cycle = the parents form a cycle
import-problem-missing-parent = "{ $id }" is not in the file
error-attachment-unsupported = "{ $name }" is not an image or text document Skein can attach. Attach PNG, JPEG, GIF or WebP images, or text files (plain text, Markdown, code, CSV, JSON).
error-attachment-too-large = "{ $name }" is { $size } MB; attachments of this kind can be at most { $limit } MB.
error-attachment-too-many = A message can carry at most { $max } attachments; remove some first.
error-persona-no-name = A persona needs a name: it is what { "{" }{ "{" }user{ "}" }{ "}" } stands for.
error-persona-name-too-long = The persona's name is longer than { $max } characters.
error-persona-description-too-long = The persona's description is longer than { $max } characters.
expected-an-object = an object
expected-text = text
expected-list-of-texts = a list of texts
expected-true-or-false = true or false
expected-number = a number
expected-whole-number = a whole number
expected-text-not-empty = text that is not empty
error-dictionary-too-large = The dictionary file is larger than { $max } MB.
error-dictionary-not-text = The dictionary file is not UTF-8 text.
error-dictionary-json = The dictionary file is not valid JSON: { $why }
error-dictionary-shape = This is not a chat dictionary: expected Skein's dictionary format, an object of "word": "replacement", or a list of entries.
error-dictionary-too-many = The dictionary has more than { $max } entries.
error-dictionary-field = Entry { $entry } of the dictionary: `{ $field }` must be { $expected }.
error-dictionary-pattern = Entry { $entry } of the dictionary has a pattern that is not a valid regular expression: { $why }
error-world-too-large = The world book is larger than { $max } MB.
error-world-not-text = The world book is not UTF-8 text.
error-world-json = The world book is not valid JSON: { $why }
error-world-no-entries = This is not a SillyTavern world book: it has no `entries`.
error-world-too-many = The world book has more than { $max } entries.
error-world-field = Entry { $entry } of the world book: `{ $field }` must be { $expected }.
error-world-pattern = Entry { $entry } of the world book has a key that is not a valid pattern: { $why }
error-card-too-large = The card is larger than { $max } MB.
error-card-no-card-in-png = This PNG image holds no character card (no `chara` or `ccv3` text in it).
error-card-bad-base64 = The card in this PNG is not valid base64.
error-card-not-text = The card is not UTF-8 text.
error-card-json = The card is not valid JSON: { $why }
error-card-not-a-card = This is not a character card: it is JSON, but not an object with a name or a `data` object.
error-card-unknown-spec = Unknown card format `{ $spec }`: Skein reads chara_card_v2 and chara_card_v3.
error-card-field = The card's `{ $field }` must be { $expected }.
error-card-too-many = The card's `{ $field }` has more than { $max } items.
error-card-no-name = The card has no name.
error-card-not-a-character = This assistant is not a character: only characters export as cards.
error-png-not-png = This is not a PNG image.
error-png-truncated = The PNG file is cut short (chunk { $chunk } runs past the end of the file).
error-png-bad-checksum = The PNG file is damaged: chunk { $chunk } fails its checksum.
error-png-no-end = The PNG file has no end (no IEND chunk).
error-png-bad-keyword = A PNG text keyword must be 1 to 79 Latin-1 characters without a zero byte.
error-mcp-server-no-name = Give the server a name: it starts the names of its tools.
error-mcp-server-name-taken = “{ $name }” is already the name of another server; tool names would clash.
error-mcp-server-bad-url = The address must start with http:// or https://.
error-mcp-server-bad-header = “{ $name }” cannot be used as a header name: use letters, digits and dashes, not a header Skein sets itself.
error-mcp-server-bad-secret = A token or header value cannot contain a line break.
error-mcp-unreachable = Could not reach { $url }: { $detail }. Check the address and that the server runs. If it does, it may not allow requests from this page (CORS): the server must allow this site's origin and expose the Mcp-Session-Id header.
error-mcp-auth = The server refused the credentials (HTTP { $status }). Check the token or header in this server's settings.
error-mcp-http = The server answered HTTP { $status }: { $detail }
error-mcp-protocol = The server does not speak MCP as expected: { $detail }.
error-mcp-rpc = The server answered with an error ({ $code }): { $message }
error-mcp-too-large = The server's answer is larger than { $max } MiB; it was not read.
error-mcp-unsupported-version = The server speaks MCP revision { $version }, which Skein does not (it speaks { $stateless } and { $list }).
error-mcp-cancelled = The call was stopped.
error-mcp-session-expired = The server ended the session.
error-mcp-session-hidden = The server started a session, but this page cannot read its Mcp-Session-Id header, so every request after the first is refused ({ $detail }). The server must list Mcp-Session-Id in Access-Control-Expose-Headers.
error-memory-empty = A memory cannot be empty.
error-memory-too-long = A memory is at most { $max } characters; this one has { $chars }.
error-unavailable-request = This request could not be built: { $err }
error-unavailable-world-book = That world book is no longer stored.
error-unavailable-dictionary = That dictionary is no longer stored.
error-unavailable-follow-up = That follow-up is no longer stored (deleted in another tab?).
error-unavailable-workspace = This page has no workspace storage.
error-unavailable-bad-path = “{ $text }” cannot be a file: { $err }.
error-unavailable-no-file = There is no file { $path }.
error-unavailable-not-stored = { $path } was not stored: { $err }.
error-path-empty = the path is empty
error-path-too-long = the path is longer than { $max } characters
error-path-too-deep = the path nests deeper than { $max } folders
error-path-bad-segment = “{ $segment }” cannot be part of a path (no “.”, “..”, backslashes, control characters, or names over { $max } characters)
error-files-unavailable = the browser's file storage cannot be used here: { $detail }
error-files-full = the browser's storage for Skein is full
error-files-too-large = files are at most { $max } MiB
error-workflow-no-goal = Say in a line what the workflow should help with.
error-workflow-no-draft = No draft: { $err }
error-workflow-bad-draft = The model's draft cannot be used: { $err }
error-workflow-run-gone = That run is no longer stored (deleted in another tab?).
error-workflow-finish-first = Finish the run first; then it can continue as a chat.
error-workflow-template-gone = That workflow template is no longer stored (deleted in another tab?).
error-workflow-no-name = A workflow needs a name.
error-workflow-no-steps = A workflow needs at least one step.
error-workflow-too-many-steps = A workflow has at most { $max } steps.
error-workflow-empty-question = Step { $step } has no question: write what the user is asked.
error-workflow-empty-prompt = Step { $step } has no opening prompt: write what the first round asks the user.
error-workflow-rounds = Step { $step } allows { $rounds } rounds; a dialogue step has 1 to { $max }.
error-workflow-too-long = Step { $step } has a text over { $max } characters; shorten it.
error-run-finished = This run is finished; nothing more can be answered in it.
error-run-empty-answer = Write an answer first.
error-run-out-of-turn = The run is not waiting for that now ({ $what }); reload it.
error-run-damaged = This run's stored record is damaged ({ $what }).
error-ingest-unsupported = "{ $name }" is not a document Skein can read: add plain text, Markdown, HTML, PDF or Word (.docx) files, or paste the text.
error-ingest-protected = "{ $name }" is password-protected: remove the protection and add it again.
error-ingest-damaged = "{ $name }" is damaged or not really a { $kind } file, so its text could not be read.
error-ingest-no-text-layer = "{ $name }" has no text layer (a scan or pictures of text): run it through OCR first, or paste its text.
error-ingest-not-text = "{ $name }" is not UTF-8 text.
error-ingest-empty = "{ $name }" has no text to add.
error-ingest-too-large = "{ $name }" is { $size } MB; a document can be at most 10 MB of text.
error-ingest-file-too-large = "{ $name }" is too large to read here (at most 64 MB, and its parts at most 256 MB unpacked).
error-knowledge-no-such-base = That knowledge base no longer exists.
error-embeddings-failed = Embeddings for { $base } failed ({ $error }); it is searched by its words until they work.
error-vector-dimension = A vector has { $got } dimensions where this knowledge base uses { $expected }.
error-vector-not-finite = A vector holds a value that is not a finite number.
error-transport-network = Could not reach { $url }: { $detail }. Check that the server is running and the base URL is right. If it is, the server may not allow requests from this page (CORS): for Ollama set OLLAMA_ORIGINS, for llama.cpp and other servers enable CORS for this site's origin.
error-transport-network-extension = Could not reach { $url }: { $detail }. Check that the server is running and the base URL is right, and that Skein may reach this site: saving the provider asks your browser for it, and Settings → Providers lists the sites Skein may reach.
error-transport-interrupted = The connection to the provider broke while the answer was streaming: { $detail }
error-transport-aborted = The request was stopped.
error-provider-http = { $advice } (HTTP { $status }) { $message }
provider-advice-validation = The provider rejected the request.
provider-advice-context-overflow = The conversation is too long for this model: lower the context threshold in the assistant settings, or choose a model with a larger window.
provider-advice-authentication = The provider refused the API key: check it in the settings.
provider-advice-permission = The API key may not use this model or endpoint.
provider-advice-not-found = Not found: check the base URL and the model name in the settings.
provider-advice-conflict = The provider reported a conflict: try again.
provider-advice-rate-limited = Rate limited by the provider: wait a moment and try again.
provider-advice-overloaded = The provider is overloaded: try again in a moment.
provider-advice-timeout = The provider timed out: try again.
provider-advice-server = The provider had a server error: try again later.
provider-advice-other = The provider returned an unexpected status.
error-provider-first-token-timeout = The provider sent nothing before the first-token timeout. A reasoning model may need a longer timeout (provider settings).
error-provider-idle-timeout = The answer stopped arriving (idle timeout); what arrived is kept.
error-provider-stream = The provider reported an error while answering: { $detail }
error-provider-decode = The provider sent a response Skein could not read: { $detail }
error-from-provider = { $provider }: { $err }
error-provider-malformed-event = The provider sent an event Skein could not read: { $detail }
error-provider-blocked = The provider withheld the answer ({ $reason }, a safety or content filter).
error-provider-invalid = The request was not sent because it is not valid: { $field }: { $problem }.
error-sse-line-too-long = the provider sent a stream line longer than { $limit } bytes; the response was stopped
error-sse-event-too-large = the provider sent a stream event larger than { $limit } bytes; the response was stopped
error-tool-duplicate = Two tools are both called "{ $name }"; the second was not added.
error-tool-reserved = The name "{ $name }" is reserved for a built-in tool.
error-tool-empty-name = A tool has an empty name.
error-price-not-a-number = Enter the price per million { $field ->
    [input] input
   *[output] output
} tokens as a number, such as 2.50.
error-price-out-of-range = The price per million { $field ->
    [input] input
   *[output] output
} tokens must be between 0 and 1,000,000.
error-price-no-model = A price needs the model's name.
error-provider-wait = { $err } The provider asks to wait { $seconds } s before trying again.
error-reply-truncated = The connection ended before the provider finished the answer.
error-reply-length = The answer reached the maximum length set for it (output tokens) before it was finished. Continue to get the rest.
error-reply-filtered = The provider's content filter stopped the answer.
error-reply-step-limit = Stopped after { $steps } model steps without a final answer; the tool calls of the last step were not run. Continue to let it go on.

## Warnings and notices: what a generation could not do while it went on (English reads exactly as the engine's)
warning-provider-skipped = { $host } has failed repeatedly; using the next provider for now.
warning-trying-fallback = { $err } Trying the fallback provider { $host }.
warning-rate-wait = Waiting { $seconds } s for the per-minute limit set for this provider.
warning-retrying = { $err } Trying again in { $seconds } s (attempt { $attempt } of { $of }).
warning-answer-not-saved = The answer could not be saved: { $err }
warning-answer-not-saved-streaming = The answer could not be saved while streaming: { $err }
warning-image-kept-in-text = An image in the answer could not be stored separately ({ $err }); it was kept in the text.
warning-promise-not-kept = The answer's promise could not be kept as a follow-up: { $err }
warning-summary-not-saved = The conversation summary could not be saved: { $err }
warning-summarising-failed = This conversation is longer than the context limit and summarising its older part failed ({ $err }); only the recent messages were sent.
warning-title-empty = The model's title for this conversation was empty; it keeps its name.
warning-no-title = This conversation could not be given a title: { $err }
warning-no-suggestions = No follow-up suggestions: { $err }
warning-tool-output-kept = A long tool output could not be stored as a file ({ $err }); it was kept in the message.
warning-tool-image-not-shown = A picture the tool { $tool } returned could not be shown: { $err }
warning-usage-not-recorded = This call's usage could not be recorded: { $err }
warning-stream-broke = the stream broke
warning-restarting = The answer was interrupted ({ $err }); it is kept as an earlier version, and a new one starts in { $seconds } s.
notice-workspace-unreadable = The workspace could not be read: { $err }.
notice-knowledge-failed = Knowledge retrieval failed for this request ({ $err }); the answer is made without the knowledge base. Say so if the question depends on it.
notice-memory-failed = Memory could not be reached for this request ({ $err }). If the answer depends on what you remember about the user, say so honestly; do not guess.
notice-image-text-unreadable = Text in an image could not be read: { $err }.
notice-image-unreadable = An attached image could not be read: { $err }.
notice-images-missing = { $count } attached image(s) are no longer stored and were not sent.
notice-images-left-out = { $model } cannot see images and no model is set to read them for it (Settings → Providers), so { $count } image(s) were left out of the request.
notice-knowledge-by-words = Embeddings failed ({ $why }); the knowledge was searched by its words instead.
notice-knowledge-not-embedded = No part of the knowledge is embedded with the current model yet; it was searched by its words instead.
notice-knowledge-embedding-mismatch = The query's embedding does not fit the stored ones ({ $err }); the knowledge was searched by its words instead.
notice-memories-by-words = Embeddings failed ({ $err }); memories were chosen by their words instead.
quoted = “{ $text }”

## Workflow runs: what a step could not do (stored on the run; English reads exactly as the engine's)
workflow-context-chat = Chat “{ $title }”
workflow-context-knowledge = Knowledge base “{ $name }”
workflow-notice-context-gone = { $context } is no longer stored; it was left out.
workflow-notice-knowledge-not-set-up = { $context } could not be searched (knowledge is not set up); it was left out.
workflow-notice-not-searched = { $context } could not be searched ({ $err }); it was left out.
workflow-notice-phrasing-empty = its answer was empty or not one question
workflow-notice-not-phrased = The model could not phrase this question ({ $err }); it is shown as written.
workflow-notice-round-limit = The moderator wanted another round, but this step allows { $max }; it ended here.
workflow-failure-partner-empty = The dialogue partner's reply was empty.
workflow-failure-partner = The dialogue partner did not answer: { $err }
workflow-failure-moderator-unusable = { $err } Try again, or end this dialogue step.
workflow-failure-moderator = The moderator did not answer: { $err }
error-moderator-not-json = The moderator did not answer with JSON ({ $why }).
error-moderator-unknown-action = The moderator answered an unknown action “{ $action }”; it may only continue or finish.
error-moderator-no-next-prompt = The moderator said to continue without saying what to ask next.
workflow-file-too-large = This file is over 1 MiB; a workflow template is much smaller.
workflow-file-not-text = This file is not text; a workflow template is JSON.
workflow-file-not-json = This is not a workflow template: { $why }.
workflow-file-newer = This template was written by a newer Skein (format version { $version }); update Skein to import it.
workflow-file-other-format = This file is a “{ $format }” file, not a workflow template.
workflow-file-unreadable = This workflow template cannot be read: { $why }.
workflow-file-no-steps = This workflow template has no list of steps ("steps").
workflow-file-no-kind = Step { $step } is of a kind Skein does not know (none); a step is "question" or "dialogue".
workflow-file-unknown-kind = Step { $step } is of a kind Skein does not know (“{ $kind }”); a step is "question" or "dialogue".

## Exports: the words of a Markdown export (its Markdown marks are added around them)
export-author-model = { $author } ({ $model })
export-no-result = (no result)
export-image = image
export-image-named = image: { $name }
export-document = document: { $name }
export-incomplete = incomplete
export-failed = failed: { $err }
export-unknown-error = error
workflow-export-in-progress = in progress, { $done } of { $total } steps done
workflow-export-completed = completed
workflow-export-continued = completed, continued as a chat
workflow-export-started = Started { $when }; { $status }.
workflow-export-context = Context:
workflow-export-question = Question:
workflow-export-answer = Answer:
workflow-export-not-answered = Not answered yet.
workflow-export-round = Round { $n }
workflow-export-asked = Asked:
workflow-export-you = You:
workflow-export-partner = Partner:
workflow-export-summary = Moderator's summary:
workflow-export-finished = The moderator finished this dialogue.
workflow-export-round-limit = This dialogue reached its round limit.
workflow-export-ended = You ended this dialogue.
request-problem-nothing = there is nothing to answer
request-problem-too-many-tools = { $count } tools; at most { $max } can be offered
request-problem-tool-name = "{ $name }" is not 1-64 letters, digits, _ or -
request-problem-tool-twice = "{ $name }" is offered twice
request-problem-schema = must be a JSON Schema object ("type": "object")
request-problem-unknown-call = "{ $id }" answers no call made before it
request-problem-unanswered = tool call "{ $id }" has no result before this message
request-problem-not-assistant = only the assistant calls tools
request-problem-call-id = empty or used twice
request-problem-too-large = { $size } MiB, over the { $max } MiB a request may be
