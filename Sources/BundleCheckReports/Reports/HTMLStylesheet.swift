/// The HTML report's inline stylesheet and its one small script, kept apart from the markup.
///
/// Nothing is loaded from elsewhere: system fonts, no images. The severity filter is CSS
/// alone (`:has()` on the checkboxes), so it works where scripts are off, and a browser
/// without `:has()` shows every finding. Colours always come with a text label.
package enum HTMLStylesheet {
    package static let css = """
        :root {
          --fg: #1c2330; --muted: #566072; --bg: #ffffff; --panel: #f5f6f8; --line: #d8dce3;
          --error: #a3160e; --error-bg: #fdeceb; --error-line: #eeb0ab;
          --warning: #8a4700; --warning-bg: #fff3dc; --warning-line: #efc77f;
          --note: #1b4d8f; --note-bg: #e9f1fc; --note-line: #b6cdee;
          --pass: #17663a; --pass-bg: #e6f4ea; --pass-line: #a6d5b5;
          --mono: ui-monospace, "SF Mono", Menlo, Consolas, "DejaVu Sans Mono", monospace;
          color-scheme: light;
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg);
          font: 15px/1.5 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; }
        main { max-width: 72rem; margin: 0 auto; padding: 1.5rem 2rem 3rem; }
        h1 { font-size: 1.35rem; margin: 0 0 .75rem; font-weight: 600; }
        h1 .version { color: var(--muted); font-weight: 400; font-size: .95rem; }
        h2 { font-size: 1.15rem; margin: 0; font-family: var(--mono); overflow-wrap: anywhere; }
        h3 { font-size: .8rem; margin: 1.5rem 0 .6rem; padding-bottom: .2rem; border-bottom: 1px solid var(--line);
          text-transform: uppercase; letter-spacing: .06em; color: var(--muted); }
        h4 { font-size: 1rem; margin: 1.25rem 0 .5rem; display: flex; flex-wrap: wrap; gap: .25rem .6rem; align-items: baseline; }
        h5 { font-size: .75rem; margin: .6rem 0 .15rem; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); }
        code, .path { font-family: var(--mono); font-size: .9em; overflow-wrap: anywhere; }
        a { color: inherit; }
        .muted { color: var(--muted); }

        .verdict { border: 1px solid; border-left-width: 6px; border-radius: 6px; padding: .75rem 1rem;
          font-size: 1.15rem; font-weight: 600; margin-bottom: 1rem; }
        .verdict.failed { color: var(--error); background: var(--error-bg); border-color: var(--error-line); border-left-color: var(--error); }
        .verdict.passed { color: var(--pass); background: var(--pass-bg); border-color: var(--pass-line); border-left-color: var(--pass); }

        .table-wrap { overflow-x: auto; }
        table.inputs { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; font-size: .9rem; }
        table.inputs th, table.inputs td { border-bottom: 1px solid var(--line); padding: .35rem .6rem; text-align: left; vertical-align: top; }
        table.inputs th { color: var(--muted); font-weight: 600; font-size: .8rem; text-transform: uppercase; letter-spacing: .04em; }
        table.inputs td.number, table.inputs th.number { text-align: right; font-variant-numeric: tabular-nums; }
        table.inputs td.number.some-error { color: var(--error); font-weight: 600; }
        table.inputs td.number.some-warning { color: var(--warning); font-weight: 600; }

        .filter { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; border: 1px solid var(--line);
          border-radius: 6px; padding: .5rem .75rem; margin: 0 0 1.5rem; background: var(--panel); }
        .filter legend { float: left; font-weight: 600; margin-right: .25rem; padding: 0; }
        .filter label { display: inline-flex; gap: .35rem; align-items: center; cursor: pointer; }

        section.input { border-top: 2px solid var(--fg); padding-top: 1rem; margin-top: 2rem; }
        .input-meta { color: var(--muted); margin: .25rem 0 0; }
        .input-error { border: 1px solid var(--error-line); border-left: 6px solid var(--error); background: var(--error-bg);
          border-radius: 6px; padding: .6rem .9rem; margin: .75rem 0; }
        .input-error strong { color: var(--error); }
        .clean { color: var(--pass); font-weight: 600; }

        ul.tree, ul.tree ul { list-style: none; margin: 0; padding: 0; }
        ul.tree ul { margin-left: 1.25rem; padding-left: .9rem; border-left: 2px solid var(--line); }
        ul.tree li { margin: .6rem 0; }
        .bundle-head { display: flex; flex-wrap: wrap; gap: .25rem .6rem; align-items: baseline; }
        .bundle-name { font-weight: 600; }
        .kind { font-family: var(--mono); font-size: .75rem; border: 1px solid var(--line); background: var(--panel);
          border-radius: 4px; padding: 0 .35rem; }
        dl.facts { display: grid; grid-template-columns: minmax(8.5rem, max-content) 1fr; gap: .1rem .9rem; margin: .3rem 0 0; font-size: .9rem; }
        .finding dl.facts { grid-template-columns: minmax(4.5rem, max-content) 1fr; }
        dl.facts dt { color: var(--muted); }
        img.app-icon { margin-top: .35rem; border-radius: 22%; border: 1px solid var(--muted); background: repeating-conic-gradient(#ccc 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
        img.app-icon.wide { border-radius: 6%; }
        figure.icon-variant { display: inline-block; margin: 0 .5rem 0 0; text-align: center; }
        figure.icon-variant figcaption { font-size: .8rem; color: var(--muted); }
        dl.facts dd { margin: 0; overflow-wrap: anywhere; }
        table.size-bars { border-collapse: collapse; width: 100%; margin: 0 0 .4rem; font-size: .85rem; }
        table.size-bars caption { text-align: left; color: var(--muted); }
        table.size-bars td { padding: .05rem .4rem .05rem 0; vertical-align: middle; }
        td.size-path { max-width: 24rem; overflow-wrap: anywhere; }
        td.size-value { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
        td.size-share { width: 40%; white-space: nowrap; }
        td.size-share .bar { display: inline-block; height: .7rem; min-width: 1px; margin-right: .4rem; background: #4a78c2; border-radius: 2px; vertical-align: middle; }
        .size-caveat { font-size: .8rem; margin: .2rem 0 0; }

        .group { margin-top: 1.5rem; }
        .group > h4 { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: .35rem .7rem; margin: 0 0 .6rem; }
        a.counts { font-weight: 600; }
        a.counts.error { color: var(--error); }
        a.counts.warning { color: var(--warning); }
        a.counts.note { color: var(--note); }
        .finding { border: 1px solid var(--line); border-left: 5px solid; border-radius: 6px; padding: .6rem .9rem;
          margin: .6rem 0; break-inside: avoid; }
        .finding.error { border-left-color: var(--error); }
        .finding.warning { border-left-color: var(--warning); }
        .finding.note { border-left-color: var(--note); }
        .finding.suppressed { opacity: .75; border-style: dashed; }
        .finding-head { display: flex; flex-wrap: wrap; gap: .25rem .6rem; align-items: baseline; }
        .severity { font-size: .75rem; font-weight: 700; text-transform: uppercase; letter-spacing: .05em;
          border: 1px solid; border-radius: 4px; padding: 0 .4rem; }
        .severity.error { color: var(--error); background: var(--error-bg); border-color: var(--error-line); }
        .severity.warning { color: var(--warning); background: var(--warning-bg); border-color: var(--warning-line); }
        .severity.note { color: var(--note); background: var(--note-bg); border-color: var(--note-line); }
        .rule-id { font-weight: 600; }
        .rule-title { color: var(--muted); }
        .suppressed-label { font-size: .75rem; border: 1px dashed var(--muted); border-radius: 4px; padding: 0 .4rem; color: var(--muted); }
        .message { margin: .35rem 0; font-size: 1rem; overflow-wrap: anywhere; }
        pre.predicate { font-family: var(--mono); font-size: .8rem; margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        pre.excerpt { font-family: var(--mono); font-size: .85rem; background: var(--panel); border: 1px solid var(--line);
          border-radius: 4px; padding: .4rem .6rem; margin: .35rem 0; overflow-x: auto; }
        .apple { font-family: var(--mono); font-size: .8rem; border: 1px solid var(--line); border-radius: 4px; padding: 0 .35rem; }
        details.help { margin-top: .5rem; }
        details.help > summary { cursor: pointer; color: var(--muted); font-size: .9rem; }
        details.help p { margin: .2rem 0 .4rem; max-width: 60rem; }

        @media (max-width: 40rem) {
          main { padding: 1rem; }
          dl.facts, .finding dl.facts { grid-template-columns: 1fr; }
          dl.facts dd { margin-bottom: .3rem; }
          table.inputs td:first-child { min-width: 12rem; }
        }
        @media screen {
          body:has(#show-error:not(:checked)) .finding.error,
          body:has(#show-warning:not(:checked)) .finding.warning,
          body:has(#show-note:not(:checked)) .finding.note,
          body:has(#show-suppressed:not(:checked)) .finding.suppressed { display: none; }
        }
        @media print {
          :root { --bg: #ffffff; --panel: #ffffff; }
          body { font-size: 10.5pt; }
          main { max-width: none; padding: 0; }
          .filter { display: none; }
          .table-wrap { overflow: visible; }
          a { text-decoration: none; }
          details.help > summary { display: none; }
          details.help.repeated { display: none; }
          details::details-content { content-visibility: visible; display: block; }
          section.input { break-before: auto; }
          h3, h4, .bundle-head { break-after: avoid; }
          * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        }
        """

    /// Opens every rule's rationale and fix while printing (and closes them again), for
    /// browsers whose print stylesheet cannot open a `<details>` element.
    package static let script =
        #"addEventListener("beforeprint",()=>{for(const d of document.querySelectorAll("details:not([open])")){d.open=true;d.dataset.printed=""}});addEventListener("afterprint",()=>{for(const d of document.querySelectorAll("details[data-printed]")){d.open=false;delete d.dataset.printed}});"#

    /// The SHA-256 of `script` in base64, as the page's Content-Security-Policy allows it; a
    /// test checks it, so the script cannot change without the policy.
    static let scriptHash = "sha256-1P7QCdgT0lLrW292zZLacJJ0HFpdv9uQnnZsUt6MwH8="

    /// A page's start up to its `<main>`: the policy, the title (escaped here), the stylesheet
    /// with `extraCSS` after it, and the script. The check's report and the review share it.
    package static func pageStart(title: String, extraCSS: String? = nil) -> [String] {
        [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<meta http-equiv=\"Content-Security-Policy\" content=\"\(contentSecurityPolicy)\">",
            "<title>\(HTMLText.escaped(title))</title>",
            "<style>",
            css,
        ] + (extraCSS.map { [$0] } ?? []) + [
            "</style>",
            "<script>\(script)</script>",
            "</head>",
            "<body>",
            "<main>",
        ]
    }

    /// No network, no plugins, no forms, no other script: even markup that escaped escaping
    /// could load nothing and run nothing.
    package static var contentSecurityPolicy: String {
        "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src '\(scriptHash)'; base-uri 'none'; form-action 'none'"
    }
}
