//! The client's `initializationOptions` (the VS Code extension sends its settings there):
//! `{"showLimits": bool, "inlayHints": bool}`. Unknown keys and wrong types are ignored.

use tower_lsp_server::ls_types::InitializeParams;

/// `showLimits`: show the simulation's `not-simulated` findings.
pub fn show_limits(params: &InitializeParams) -> bool {
    params
        .initialization_options
        .as_ref()
        .and_then(|o| o.get("showLimits"))
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

/// `inlayHints`: offer inlay hints (the default; `false` turns them off).
pub fn inlay_hints(params: &InitializeParams) -> bool {
    params
        .initialization_options
        .as_ref()
        .and_then(|o| o.get("inlayHints"))
        .and_then(|v| v.as_bool())
        .unwrap_or(true)
}
