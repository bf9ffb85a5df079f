//! The client's `initializationOptions` (the VS Code extension sends its settings there):
//! `{"showLimits": bool}`. Unknown keys and wrong types are ignored.

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
