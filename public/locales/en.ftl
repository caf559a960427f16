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
    [one] one entry
   *[other] { $n } entries
}) is this assistant's lorebook.
character-gallery-greetings = Opens with one of { $n } greetings (‹ › switches).
chat-show-earlier = Show earlier messages ({ $n } more)
