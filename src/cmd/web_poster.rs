//! The table judge's poster (`web build --url`): one printed page for each table that says
//! where the site is (its address, and as a QR code) and which event it must show — the event's
//! name, when it was packed, its fingerprint and the key that signed it — so that the players
//! can tell the genuine site from a look-alike (issue 51, finding 2). In the languages of the
//! event's menu.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};
use wordjudge::lang::{tr, Language};
use wordjudge_web::table::EventFacts;

/// The poster for the site at `url` of `event`, in `languages` (the first is the largest), the
/// packing time on the clock of `zone`: a whole HTML page, nothing fetched.
pub fn poster(
    url: &str,
    event: &EventFacts,
    languages: &[Language],
    zone: &wordjudge::base::clock::TimeZone,
) -> Result<String, String> {
    let code = QrCode::with_error_correction_level(url.as_bytes(), EcLevel::M)
        .map_err(|e| format!("the address {url:?} does not fit a QR code: {e}"))?;
    let qr = code
        .render::<svg::Color<'_>>()
        .min_dimensions(300, 300)
        .quiet_zone(true)
        .build();
    // The SVG's own XML declaration is not wanted inside HTML.
    let qr = qr.split_once("?>").map_or(qr.as_str(), |(_, svg)| svg);
    let first = languages.first().copied().unwrap_or(Language::En);
    let packed = wordjudge::base::clock::parse(&event.packed);
    let mut words = String::new();
    for (i, &l) in languages.iter().enumerate() {
        let when = packed.map(|at| l.datetime(at, zone)).unwrap_or_default();
        words.push_str(&format!(
            "<section lang=\"{}\" class=\"{}\"><h2>{}</h2><p>{}</p><p>{}</p><p class=\"when\">{}</p></section>\n",
            l.code(),
            if i == 0 { "first" } else { "other" },
            esc(&l.text("poster-heading")),
            esc(&l.text("poster-open")),
            esc(&l.text("poster-compare")),
            esc(&tr!(l, "web-event", name = &event.name, when = &when)),
        ));
    }
    Ok(format!(
        r#"<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<title>{name} · {fingerprint} — wordjudge</title>
<style>
@page {{ size: A4; margin: 12mm; }}
body {{ font-family: "DejaVu Sans", sans-serif; color: #101820; margin: 0; }}
main {{ max-width: 186mm; margin: 0 auto; text-align: center; }}
h1 {{ font-size: 26pt; margin: 4mm 0 2mm; }}
.fingerprint {{ font-family: "DejaVu Sans Mono", monospace; font-size: 30pt; font-weight: bold; letter-spacing: 1pt; margin: 2mm 0; }}
.signer {{ font-size: 11pt; color: #5a6470; }}
.qr svg {{ width: 62mm; height: 62mm; }}
.url {{ font-family: "DejaVu Sans Mono", monospace; font-size: 14pt; overflow-wrap: anywhere; margin: 1mm 0 4mm; }}
section {{ margin: 2mm 0; }}
section h2 {{ font-size: 15pt; margin: 1mm 0; }}
section p {{ font-size: 11pt; margin: 1mm 0; }}
section.other h2 {{ font-size: 12pt; }}
section.other p {{ font-size: 9.5pt; }}
.when {{ font-weight: bold; }}
</style>
</head>
<body>
<main>
<h1>{name}</h1>
<p class="fingerprint" id="fingerprint">{fingerprint}</p>
<p class="signer">{signer}</p>
<div class="qr" id="qr">{qr}</div>
<p class="url" id="url">{url}</p>
{words}</main>
</body>
</html>
"#,
        lang = first.code(),
        name = esc(&event.name),
        fingerprint = esc(&event.fingerprint),
        signer = esc(&tr!(first, "poster-signer", key = &event.signer)),
        url = esc(url),
    ))
}

/// `text` safe inside HTML.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
