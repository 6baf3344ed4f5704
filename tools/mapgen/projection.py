"""lon/lat -> board pixels: Lambert conformal conic, a radial warp, a scale and shift, then
local lenses.

Printed Diplomacy boards draw central Europe large and the fringes (Atlantic, Russia, North
Africa) squeezed; a conformal projection alone makes the Balkans and the Low Countries too
small for counters. The warp multiplies the local scale near its centre by ``1 + strength``
and divides it by the same factor at ``radius``, with a smooth monotone falloff in between,
so shapes stay recognisable and nothing folds over.

Printed boards also draw a few crowded places far larger than their share of the map
(Britain, with six provinces in a narrow island). A lens widens and heightens one such place:
around the pixel its (lon, lat) would have without lenses, with s = |(dx / ``radius_x``,
dy / ``radius_y``)|, a point inside the ellipse (s < 1) moves to
(dx (1 + ``strength_x`` (1 - s)^2), dy (1 + ``strength_y`` (1 - s)^2)) from that centre;
outside it nothing moves. A lens must not fold the map over: with one strength 0 it never
does for a strength below 3, and the build checks every lens (:meth:`Projection.lens_fold`).
Lenses apply in order.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

Array = NDArray[np.float64]

WIDTH = 1200
HEIGHT = 1050

# Where a few cities should sit on the board (pixels, y down). The scale and shift are fitted
# to these by least squares, which fixes the framing: Iberia and North Africa bottom-left,
# the Barents Sea along the top, Syria in the bottom-right corner.
FRAME_TARGETS: dict[str, tuple[float, float, float, float]] = {
    # name: (lon, lat, x, y)
    "Lisbon": (-9.14, 38.72, 92.0, 792.0),
    "Edinburgh": (-3.19, 55.95, 296.0, 334.0),
    "Saint Petersburg": (30.32, 59.94, 819.0, 232.0),
    "Moscow": (37.62, 55.75, 956.0, 321.0),
    "Sevastopol": (33.52, 44.62, 1008.0, 645.0),
    "Constantinople": (28.98, 41.01, 948.0, 781.0),
    "Tunis": (10.18, 36.81, 490.0, 969.0),
    "Paris": (2.35, 48.86, 325.0, 550.0),
    "Vienna": (16.37, 48.21, 651.0, 579.0),
}

# (lon, lat, radius_x, radius_y, strength_x, strength_y), radii in board pixels: see above.
Lens = tuple[float, float, float, float, float, float]
LENSES: tuple[Lens, ...] = (
    # Britain: Scotland and northern England hold four provinces side by side in an island
    # 40 to 60 px wide. Widened only, so the Channel and the Low Countries stay put.
    (-3.8, 56.3, 125.0, 200.0, 1.8, 0.0),
    # Portugal, and Jutland and the Danish islands: strips too narrow for a label or a marker.
    (-8.2, 39.7, 70.0, 130.0, 0.8, 0.0),
    (10.6, 55.8, 110.0, 80.0, 0.9, 0.4),
    # Constantinople: the corner of Thrace and a foothold in Asia.
    (28.6, 41.15, 70.0, 70.0, 0.8, 0.8),
)


@dataclass(frozen=True, slots=True)
class Projection:
    lon0: float = 13.0
    lat0: float = 50.0
    lat1: float = 38.0
    lat2: float = 62.0
    warp_lon: float = 14.0
    warp_lat: float = 46.5
    warp_strength: float = 0.5
    warp_radius: float = 0.3  # in earth radii of the conic plane
    scale: float = 1.0
    shift_x: float = 0.0
    shift_y: float = 0.0
    lenses: tuple[Lens, ...] = LENSES

    def _cone(self) -> tuple[float, float, float]:
        p1, p2 = math.radians(self.lat1), math.radians(self.lat2)
        n = math.log(math.cos(p1) / math.cos(p2)) / math.log(
            math.tan(math.pi / 4 + p2 / 2) / math.tan(math.pi / 4 + p1 / 2)
        )
        f = math.cos(p1) * math.tan(math.pi / 4 + p1 / 2) ** n / n
        rho0 = f / math.tan(math.pi / 4 + math.radians(self.lat0) / 2) ** n
        return n, f, rho0

    def conic(self, lon: Array, lat: Array) -> tuple[Array, Array]:
        """Lambert conformal conic on the unit sphere; y points north."""
        n, f, rho0 = self._cone()
        rho = f / np.tan(np.pi / 4 + np.radians(lat) / 2) ** n
        theta = n * np.radians(lon - self.lon0)
        return rho * np.sin(theta), rho0 - rho * np.cos(theta)

    def conic_inverse(self, x: Array, y: Array) -> tuple[Array, Array]:
        n, f, rho0 = self._cone()
        rho = np.sign(n) * np.hypot(x, rho0 - y)
        theta = np.arctan2(x, rho0 - y)
        lat = np.degrees(2 * np.arctan((f / rho) ** (1 / n)) - np.pi / 2)
        return self.lon0 + np.degrees(theta / n), lat

    def _warp_centre(self) -> tuple[float, float]:
        cx, cy = self.conic(np.array([self.warp_lon]), np.array([self.warp_lat]))
        return float(cx[0]), float(cy[0])

    def warp(self, x: Array, y: Array) -> tuple[Array, Array]:
        # r' = r (1 + a) / (1 + a r / R): slope 1 + a at the centre, 1 / (1 + a) at R.
        cx, cy = self._warp_centre()
        a, big_r = self.warp_strength, self.warp_radius
        dx, dy = x - cx, y - cy
        factor = (1 + a) / (1 + a * np.hypot(dx, dy) / big_r)
        return cx + dx * factor, cy + dy * factor

    def warp_inverse(self, x: Array, y: Array) -> tuple[Array, Array]:
        cx, cy = self._warp_centre()
        a, big_r = self.warp_strength, self.warp_radius
        dx, dy = x - cx, y - cy
        factor = 1 / (1 + a - a * np.hypot(dx, dy) / big_r)
        return cx + dx * factor, cy + dy * factor

    def unlensed(self, lon: Array, lat: Array) -> tuple[Array, Array]:
        """Board pixels of lon/lat degrees before the lenses."""
        wx, wy = self.warp(*self.conic(np.asarray(lon, float), np.asarray(lat, float)))
        return self.scale * wx + self.shift_x, self.shift_y - self.scale * wy

    def _lens_centre(self, lens: Lens) -> tuple[float, float]:
        x, y = self.unlensed(np.array([lens[0]]), np.array([lens[1]]))
        return float(x[0]), float(y[0])

    def lens(self, x: Array, y: Array) -> tuple[Array, Array]:
        for lens in self.lenses:
            cx, cy = self._lens_centre(lens)
            rx, ry, ax, ay = lens[2:]
            dx, dy = x - cx, y - cy
            w = (1 - np.minimum(np.hypot(dx / rx, dy / ry), 1.0)) ** 2
            x, y = cx + dx * (1 + ax * w), cy + dy * (1 + ay * w)
        return x, y

    def lens_inverse(self, x: Array, y: Array) -> tuple[Array, Array]:
        """Undoes :meth:`lens` by fixed-point iteration (to well under a hundredth of a pixel
        for the strengths used here)."""
        for lens in reversed(self.lenses):
            cx, cy = self._lens_centre(lens)
            rx, ry, ax, ay = lens[2:]
            tx, ty = x - cx, y - cy
            dx, dy = tx, ty
            for _ in range(200):
                w = (1 - np.minimum(np.hypot(dx / rx, dy / ry), 1.0)) ** 2
                dx = dx + 0.5 * (tx / (1 + ax * w) - dx)
                dy = dy + 0.5 * (ty / (1 + ay * w) - dy)
            x, y = cx + dx, cy + dy
        return x, y

    def lens_fold(self) -> float:
        """The smallest Jacobian determinant of the lenses over their ellipses (sampled on
        a grid): how much they squeeze an area at most. Zero or less means a fold."""
        smallest = 1.0
        h = 1e-3
        for lens in self.lenses:
            cx, cy = self._lens_centre(lens)
            rx, ry = lens[2], lens[3]
            xs, ys = np.meshgrid(
                np.linspace(cx - rx, cx + rx, 241), np.linspace(cy - ry, cy + ry, 241)
            )
            xr, yr = self.lens(xs + h, ys)
            xl, yl = self.lens(xs - h, ys)
            xd, yd = self.lens(xs, ys + h)
            xu, yu = self.lens(xs, ys - h)
            det = ((xr - xl) * (yd - yu) - (xd - xu) * (yr - yl)) / (4 * h * h)
            smallest = min(smallest, float(det.min()))
        return smallest

    def forward(self, lon: Array, lat: Array) -> tuple[Array, Array]:
        """Board pixels (x right, y down) of lon/lat degrees."""
        return self.lens(*self.unlensed(lon, lat))

    def inverse(self, px: Array, py: Array) -> tuple[Array, Array]:
        lx, ly = self.lens_inverse(np.asarray(px, float), np.asarray(py, float))
        wx = (lx - self.shift_x) / self.scale
        wy = (self.shift_y - ly) / self.scale
        return self.conic_inverse(*self.warp_inverse(wx, wy))

    def point(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self.forward(np.array([lon]), np.array([lat]))
        return float(x[0]), float(y[0])

    def params(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "lambert_conformal_conic+radial_warp+lenses"}
        for k, v in asdict(self).items():
            if k == "lenses":
                out[k] = [[round(float(n), 6) for n in lens] for lens in v]
            else:
                out[k] = round(v, 6)
        return out


def fitted(
    base: Projection | None = None,
    targets: dict[str, tuple[float, float, float, float]] = FRAME_TARGETS,
) -> Projection:
    """``base`` with the scale and shift that best put ``targets`` (name: lon, lat, x, y)
    where they are asked."""
    base = base or Projection()
    lon = np.array([t[0] for t in targets.values()])
    lat = np.array([t[1] for t in targets.values()])
    tx = np.array([t[2] for t in targets.values()])
    ty = np.array([t[3] for t in targets.values()])
    wx, wy = base.warp(*base.conic(lon, lat))
    # Unknowns s, sx, sy with x = s*wx + sx and y = sy - s*wy.
    rows = np.zeros((2 * len(lon), 3))
    rows[: len(lon), 0], rows[: len(lon), 1] = wx, 1.0
    rows[len(lon) :, 0], rows[len(lon) :, 2] = -wy, 1.0
    rhs = np.concatenate([tx, ty])
    (s, sx, sy), *_ = np.linalg.lstsq(rows, rhs, rcond=None)
    return Projection(
        **{
            **asdict(base),
            "scale": round(float(s), 3),
            "shift_x": round(float(sx), 2),
            "shift_y": round(float(sy), 2),
        }
    )
