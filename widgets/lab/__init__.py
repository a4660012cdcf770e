"""The designer's lab page (``notebooks/lab.ipynb``); the analyses themselves are in ``rulebook.lab``."""

from __future__ import annotations

import html

LAB_NOTEBOOK = "lab.ipynb"


def lab_href(game: str = "", lang: str = "") -> str:
    """The lab page's address, opened on ``game`` (and in ``lang``)."""
    query = "&".join(p for p in (f"game={game}" if game else "", f"lang={lang}" if lang else "") if p)
    return f"/voila/render/{LAB_NOTEBOOK}" + (f"?{query}" if query else "")


def lab_link_html(game: str, lang: str) -> str:
    """The small link a game page and the catalogue show to the lab (opens in a new tab: the game stays)."""
    text = "設計ラボ: この遊び方を何千局も試す" if lang == "ja" else "Designer's lab: try this variant thousands of times"
    return f'<a class="rb-lab-link" href="{html.escape(lab_href(game, lang))}" target="_blank" rel="noopener">{html.escape(text)}</a>'


def lab_page():
    """Show the lab page (the notebook's only call); imported here lazily because it needs pandas."""
    try:
        from .page import show_lab_page
    except ModuleNotFoundError as missing:  # pandas / matplotlib / pyarrow: the lab extra
        import ipywidgets as w
        from IPython.display import display

        name = html.escape(str(missing.name))
        display(w.HTML(
            f'<div class="rb-error-box">このサイトには設計ラボの部品（{name}）が入っていません: pip install -e ".[lab]"<br>'
            f'This site lacks a part of the lab ({name}): pip install -e ".[lab]"</div>'
        ))
        return None
    return show_lab_page()
