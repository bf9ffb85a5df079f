//! Diagnostics out, in order: whoever holds the world's lock and finds findings out of date
//! (the worker after background work, the `didChange` handler right after applying an edit)
//! converts them and queues them here; one task sends the queue to the client in the order it
//! was filled, so an older version's findings never arrive after a newer one's.

use crate::convert;
use crate::profile::Span;
use ide::World;
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};
use tower_lsp_server::Client;
use tower_lsp_server::ls_types::{Diagnostic, PublishDiagnosticsParams, Uri};

type Publication = (Uri, Vec<Diagnostic>, Option<i32>);

#[derive(Clone)]
pub(crate) struct Publisher {
    tx: UnboundedSender<Publication>,
}

impl Publisher {
    /// Starts the sending task on `handle`. With `output` (serving stdio), it writes the
    /// notifications there itself, serialised from the protocol's types (tower-lsp-server's
    /// client would make a `serde_json::Value` of each first: hundreds of findings per keystroke
    /// in a large file).
    pub(crate) fn start(
        client: Client,
        handle: &tokio::runtime::Handle,
        output: Option<crate::Output>,
    ) -> Publisher {
        let (tx, mut rx) = unbounded_channel::<Publication>();
        handle.spawn(async move {
            while let Some((uri, diagnostics, version)) = rx.recv().await {
                match &output {
                    Some(out) => {
                        let params = PublishDiagnosticsParams::new(uri, diagnostics, version);
                        crate::transport::notify(out, "textDocument/publishDiagnostics", &params)
                            .await
                    }
                    None => client.publish_diagnostics(uri, diagnostics, version).await,
                }
            }
        });
        Publisher { tx }
    }

    /// Takes the publications of `world` (whose lock the caller holds) and queues them.
    /// `related`: the client shows related information.
    pub(crate) fn take(&self, world: &mut World, related: bool) {
        let mut span = Span::start("publish: findings");
        span.locked();
        let publications = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            world
                .take_publications()
                .into_iter()
                .map(|p| {
                    let diagnostics = p
                        .diagnostics
                        .iter()
                        .map(|d| {
                            let mut out = convert::diagnostic(&p.line_index, d);
                            if related {
                                out.related_information =
                                    convert::related(world, &p.path, &p.line_index, d);
                            }
                            out
                        })
                        .collect::<Vec<_>>();
                    (p.path, p.version, diagnostics)
                })
                .collect::<Vec<_>>()
        }));
        let Ok(publications) = publications else {
            eprintln!("cardlint: internal error while computing diagnostics");
            return;
        };
        for (path, version, diagnostics) in publications {
            if let Some(uri) = convert::uri_of(&path) {
                let _ = self.tx.send((uri, diagnostics, version));
            }
        }
    }

    /// Queues an empty list for `uri` (a document closed).
    pub(crate) fn clear(&self, uri: Uri) {
        let _ = self.tx.send((uri, Vec::new(), None));
    }
}
