//! A panic's message on the browser console. The release build aborts on panic (the wasm
//! instance traps with "unreachable"); without this, the console would show only that trap and
//! not which rule of the code failed.

use wasm_bindgen::prelude::wasm_bindgen;

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = console, js_name = error)]
    fn console_error(message: &str);
}

/// Sends every later panic's message and location to `console.error`.
pub fn log_panics_to_console() {
    std::panic::set_hook(Box::new(|info| {
        console_error(&format!("Skein stopped: {info}"));
    }));
}
