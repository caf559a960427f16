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
