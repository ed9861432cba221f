"""Drawing: SVG tiles, HTML sheets and ledgers, matplotlib plots, widgets."""
