"""Generator of the board geometry, ``render/data/standard_map.json``.

Run ``python3 -m tools.mapgen``.

Development-time only: it needs the ``mapgen`` extra (Natural Earth data, numpy, scikit-image,
shapely). The renderer reads the JSON it writes and needs none of these.
"""
