"""Hand-written geography of dipgm's Diplomacia board of Europe: ten powers, their homes,
the neutral lands, the seas, supply centres and ports.

Every coordinate is an approximate (lon, lat) in degrees of a real place; names are for the
reader. Areas are grown from their seeds inside country outlines (present-day frontiers), so
moving a seed moves a border between two areas of one country, and a border between two
countries stays where it really is. Nothing here depends on the projection.
"""

from __future__ import annotations

from dataclasses import dataclass

Place = tuple[str, float, float]  # (name, lon, lat)

# --- The picture and its framing (see projection.py for what the numbers mean).
WIDTH = 1400
HEIGHT = 1200

# Where a few cities sit on the board (pixels, y down); scale and shift are fitted to these.
# The framing is the standard board's, a sixth larger and moved east.
FRAME_TARGETS: dict[str, tuple[float, float, float, float]] = {
    # name: (lon, lat, x, y)
    "Lisbon": (-9.14, 38.72, 65.8, 895.8),
    "Edinburgh": (-3.19, 55.95, 300.4, 369.1),
    "Saint Petersburg": (30.32, 59.94, 901.9, 251.8),
    "Moscow": (37.62, 55.75, 1059.4, 354.2),
    "Sevastopol": (33.52, 44.62, 1119.2, 726.8),
    "Constantinople": (28.98, 41.01, 1050.2, 883.2),
    "Tunis": (10.18, 36.81, 523.5, 1099.4),
    "Paris": (2.35, 48.86, 333.8, 617.5),
    "Vienna": (16.37, 48.21, 708.7, 650.9),
}

# (lon, lat, radius_x, radius_y, strength_x, strength_y): places drawn larger than life.
LENSES: tuple[tuple[float, float, float, float, float, float], ...] = (
    # Britain: Northumbria and Lancashire side by side in a narrow island. Widened only.
    (-3.0, 55.0, 140.0, 220.0, 1.5, 0.0),
    # Portugal and Jutland with the Danish islands and the Belts.
    (-8.2, 39.7, 80.0, 150.0, 0.8, 0.0),
    (10.4, 55.3, 130.0, 115.0, 0.9, 0.6),
    # The Sea of Marmara with the Bosporus and the Dardanelles, the Sea of Azov, the Gulf of
    # Riga: seas too small for a fleet, a label and a port.
    (28.3, 40.8, 95.0, 80.0, 1.2, 1.2),
    (36.4, 46.0, 70.0, 60.0, 0.6, 0.6),
    (23.7, 57.5, 70.0, 70.0, 1.1, 1.1),
    # The Gulf of Finland, heightened only.
    (26.5, 59.8, 120.0, 45.0, 0.0, 0.9),
    # Montenegro and Albania between the Adriatic and the mountains.
    (19.3, 42.0, 60.0, 70.0, 0.5, 0.5),
)

# Label of land no seed reaches, and of water no seed reaches; no area is impassable.
OFF_LAND = "_OFFLAND"
OFF_WATER = "_OFFWATER"
IMPASSABLE = None

# Countries (Natural Earth ADM0_A3) grown together: one group per country, so every frontier
# is a border between areas. Countries in no group (Iceland, Libya, Cyprus, Iraq, Iran,
# Kazakhstan ...) are off the board.
GROUPS: dict[str, tuple[str, ...]] = {
    "IRELAND": ("IRL",),
    "BRITAIN": ("GBR",),
    "FRANCE": ("FRA", "MCO"),
    "SPAIN": ("ESP", "AND", "GIB"),
    "PORTUGAL": ("PRT",),
    "NETHERLANDS": ("NLD",),
    "BELGIUM": ("BEL", "LUX"),
    "SWITZERLAND": ("CHE", "LIE"),
    "AUSTRIA": ("AUT",),
    "ITALY": ("ITA", "SMR", "VAT"),
    "GERMANY": ("DEU",),
    "DENMARK": ("DNK",),
    "NORWAY": ("NOR",),
    "SWEDEN": ("SWE",),
    "FINLAND": ("FIN",),
    "POLAND": ("POL",),
    "CZECHIA": ("CZE",),
    "SLOVAKIA": ("SVK",),
    "HUNGARY": ("HUN",),
    "ESTONIA": ("EST",),
    "LATVIA": ("LVA",),
    "LITHUANIA": ("LTU",),
    "BELARUS": ("BLR",),
    "UKRAINE": ("UKR",),
    "ROMANIA": ("ROU", "MDA"),
    "RUSSIA": ("RUS",),
    "SLOVENIA": ("SVN",),
    "CROATIA": ("HRV",),
    "BOSNIA": ("BIH",),
    "SERBIA": ("SRB", "KOS"),
    "MONTENEGRO": ("MNE",),
    "MACEDONIA": ("MKD",),
    "ALBANIA": ("ALB",),
    "GREECE": ("GRC",),
    "BULGARIA": ("BGR",),
    "TURKEY": ("TUR",),
    "CAUCASUS": ("GEO", "ARM", "AZE"),
    "LEVANT": ("SYR", "LBN", "ISR", "PSX", "JOR"),
    "EGYPT": ("EGY",),
    "MOROCCO": ("MAR", "SAH"),
    "ALGERIA": ("DZA",),
    "TUNISIA": ("TUN",),
}
WHOLE_GROUP_LABEL: dict[str, str] = {}
# Land drawn with a neighbour: (from group, to group, why, outline), applied before growing.
OVERRIDES: tuple[tuple[str, str, str, tuple[tuple[float, float], ...]], ...] = (
    (
        "BOSNIA",
        "CROATIA",
        "Neum: Bosnia's 20 km of coast, too short to show or to play",
        ((17.5, 42.85), (17.72, 42.85), (17.72, 43.0), (17.5, 43.0)),
    ),
)
RIDGES: tuple[tuple[str, str], ...] = ()

# Straits: the board has no coasts, so a strait is either land (armies cross, fleets go
# round) or water (fleets pass, armies need a convoy). The Oresund is bridged where the
# Oresund Bridge runs: Denmark touches Gotaland, and fleets pass the Danish straits through
# the Great Belt. The Bosporus, the Dardanelles and the Strait of Kerch are cut open so fleets
# pass from the Black Sea to the Aegean and the Sea of Azov; Constantinople holds both shores
# of the Bosporus, so armies still walk from Europe to Asia through it.
BRIDGES: tuple[tuple[str, str, tuple[tuple[float, float], ...], float], ...] = (
    ("DENMARK", "Oresund Bridge", ((12.55, 55.64), (12.76, 55.60), (13.0, 55.56)), 9.0),
)
CHANNELS: tuple[tuple[str, tuple[tuple[float, float], ...], float], ...] = (
    (
        "Bosporus",
        ((29.12, 41.23), (29.07, 41.13), (29.03, 41.06), (29.0, 41.02), (28.99, 40.97)),
        6.0,
    ),
    (
        "Dardanelles",
        ((26.18, 40.03), (26.37, 40.12), (26.45, 40.22), (26.62, 40.36), (26.7, 40.42)),
        6.0,
    ),
    ("Strait of Kerch", ((36.58, 45.2), (36.6, 45.32), (36.63, 45.45)), 4.0),
)

# Land inside a grown group that the board leaves out.
OFFBOARD_LAND_SEEDS: tuple[Place, ...] = ()


@dataclass(frozen=True)
class Area:
    name: str
    seeds: tuple[Place, ...]
    aliases: tuple[str, ...] = ()


# --- Land territories, by power and then neutral. A few places spread over each.
LAND: dict[str, Area] = {
    # Britain
    "SCO": Area("Scotland", (
        ("Edinburgh", -3.19, 55.95), ("Glasgow", -4.25, 55.86), ("Aberdeen", -2.1, 57.15),
        ("Inverness", -4.22, 57.48), ("Fort William", -5.1, 56.82), ("Ullapool", -5.16, 57.9),
        ("Wick", -3.09, 58.44), ("Dumfries", -3.6, 55.07), ("Stranraer", -5.03, 54.9),
        ("Hawick", -2.79, 55.42), ("Durness", -4.75, 58.55), ("Perth", -3.43, 56.4),
    ), ("Alba",)),
    "NUM": Area("Northumbria", (
        ("Newcastle", -1.61, 54.97), ("Durham", -1.57, 54.78), ("York", -1.08, 53.96),
        ("Leeds", -1.55, 53.8), ("Hull", -0.34, 53.74), ("Scarborough", -0.4, 54.28),
        ("Berwick", -2.0, 55.77), ("Lincoln", -0.54, 53.23),
    ), ("Yorkshire",)),
    "LAN": Area("Lancashire", (
        ("Liverpool", -2.98, 53.41), ("Manchester", -2.24, 53.48), ("Lancaster", -2.8, 54.05),
        ("Carlisle", -2.93, 54.89), ("Kendal", -2.75, 54.33), ("Preston", -2.7, 53.76),
        ("Chester", -2.89, 53.19), ("Stoke", -2.18, 53.0),
    )),
    "WAL": Area("Wales", (
        ("Cardiff", -3.18, 51.48), ("Swansea", -3.94, 51.62), ("Aberystwyth", -4.08, 52.41),
        ("Bangor", -4.13, 53.23), ("Shrewsbury", -2.75, 52.71), ("Hereford", -2.72, 52.06),
        ("Carmarthen", -4.31, 51.86),
    ), ("Cymru",)),
    "WSX": Area("Wessex", (
        ("Bristol", -2.59, 51.45), ("Plymouth", -4.14, 50.37), ("Exeter", -3.53, 50.72),
        ("Southampton", -1.4, 50.9), ("Salisbury", -1.79, 51.07), ("Penzance", -5.54, 50.12),
        ("Gloucester", -2.24, 51.86), ("Bournemouth", -1.88, 50.72), ("Reading", -0.97, 51.45),
    ), ("Cornwall",)),
    "LON": Area("London", (
        ("London", -0.13, 51.51), ("Oxford", -1.26, 51.75), ("Cambridge", 0.12, 52.2),
        ("Norwich", 1.3, 52.63), ("Dover", 1.31, 51.13), ("Birmingham", -1.9, 52.48),
        ("Nottingham", -1.15, 52.95), ("Leicester", -1.13, 52.64), ("Brighton", -0.14, 50.83),
        ("Ipswich", 1.16, 52.06),
    ), ("Londýn",)),
    # France
    "BRT": Area("Brittany", (
        ("Brest", -4.49, 48.39), ("Rennes", -1.68, 48.11), ("Saint-Brieuc", -2.76, 48.51),
        ("Vannes", -2.76, 47.66), ("Nantes", -1.55, 47.22), ("Quimper", -4.1, 48.0),
        ("Angers", -0.55, 47.47),
    ), ("Bretagne", "Bretaň", "Bretan")),
    "NRM": Area("Normandy", (
        ("Caen", -0.37, 49.18), ("Rouen", 1.1, 49.44), ("Cherbourg", -1.62, 49.64),
        ("Le Havre", 0.11, 49.49), ("Le Mans", 0.2, 48.0), ("Alencon", 0.09, 48.43),
        ("Evreux", 1.15, 49.02),
    ), ("Normandie",)),
    "PIC": Area("Picardy", (
        ("Amiens", 2.3, 49.89), ("Lille", 3.06, 50.63), ("Calais", 1.86, 50.95),
        ("Saint-Quentin", 3.29, 49.85), ("Beauvais", 2.08, 49.43), ("Charleville", 4.72, 49.77),
    ), ("Picardie",)),
    "IDF": Area("Ile-de-France", (
        ("Paris", 2.35, 48.86), ("Orleans", 1.91, 47.9), ("Chartres", 1.49, 48.45),
        ("Reims", 4.03, 49.26), ("Troyes", 4.07, 48.3), ("Tours", 0.69, 47.39),
        ("Bourges", 2.4, 47.08),
    ), ("Île-de-France", "Paris", "Střední Francie", "Central France")),
    "BUR": Area("Burgundy", (
        ("Dijon", 5.04, 47.32), ("Nancy", 6.18, 48.69), ("Strasbourg", 7.75, 48.58),
        ("Metz", 6.17, 49.12), ("Besancon", 6.02, 47.24), ("Lyon", 4.84, 45.76),
        ("Mulhouse", 7.34, 47.75), ("Nevers", 3.16, 46.99), ("Bourg", 5.23, 46.2),
    ), ("Bourgogne", "Burgundsko")),
    "AQU": Area("Aquitaine", (
        ("Bordeaux", -0.58, 44.84), ("Toulouse", 1.44, 43.6), ("Limoges", 1.26, 45.83),
        ("Poitiers", 0.34, 46.58), ("Clermont-Ferrand", 3.08, 45.78), ("Bayonne", -1.47, 43.49),
        ("La Rochelle", -1.15, 46.16), ("Pau", -0.37, 43.3), ("Rodez", 2.57, 44.35),
    ), ("Akvitánie", "Guyenne")),
    "PRO": Area("Provence", (
        ("Marseille", 5.37, 43.3), ("Montpellier", 3.88, 43.61), ("Nice", 7.26, 43.7),
        ("Grenoble", 5.72, 45.19), ("Avignon", 4.81, 43.95), ("Perpignan", 2.9, 42.7),
        ("Valence", 4.89, 44.93), ("Chambery", 5.92, 45.57), ("Toulon", 5.93, 43.12),
        ("Nimes", 4.36, 43.84),
    )),
    # Spain
    "GAL": Area("Galicia", (
        ("A Coruna", -8.41, 43.36), ("Vigo", -8.72, 42.24), ("Lugo", -7.56, 43.01),
        ("Oviedo", -5.85, 43.36), ("Leon", -5.57, 42.6), ("Ourense", -7.86, 42.34),
        ("Zamora", -5.75, 41.5), ("Ponferrada", -6.6, 42.55),
    ), ("Galiza", "Asturias")),
    "BSQ": Area("Basque Country", (
        ("Bilbao", -2.93, 43.26), ("San Sebastian", -1.98, 43.32), ("Pamplona", -1.64, 42.81),
        ("Vitoria", -2.67, 42.85), ("Santander", -3.81, 43.46), ("Burgos", -3.7, 42.34),
        ("Logrono", -2.45, 42.46),
    ), ("Euskadi", "País Vasco", "Navarre")),
    "CAT": Area("Catalonia", (
        ("Barcelona", 2.17, 41.39), ("Girona", 2.82, 41.98), ("Lleida", 0.62, 41.62),
        ("Tarragona", 1.25, 41.12), ("Zaragoza", -0.88, 41.65), ("Huesca", -0.41, 42.14),
    ), ("Catalunya", "Katalánsko")),
    "CAS": Area("Castile", (
        ("Madrid", -3.7, 40.42), ("Valladolid", -4.72, 41.65), ("Toledo", -4.02, 39.86),
        ("Salamanca", -5.66, 40.97), ("Cuenca", -2.13, 40.07), ("Soria", -2.46, 41.76),
        ("Caceres", -6.37, 39.48), ("Ciudad Real", -3.93, 38.98), ("Badajoz", -6.97, 38.88),
    ), ("Castilla", "Kastilie")),
    "VAL": Area("Valencia", (
        ("Valencia", -0.38, 39.47), ("Alicante", -0.48, 38.35), ("Castellon", -0.04, 39.99),
        ("Murcia", -1.13, 37.99), ("Albacete", -1.86, 38.99), ("Teruel", -1.11, 40.34),
        ("Cartagena", -0.99, 37.6),
    ), ("València",)),
    "AND": Area("Andalusia", (
        ("Seville", -5.98, 37.39), ("Cadiz", -6.29, 36.53), ("Malaga", -4.42, 36.72),
        ("Granada", -3.6, 37.18), ("Cordoba", -4.78, 37.89), ("Almeria", -2.46, 36.84),
        ("Huelva", -6.95, 37.26), ("Jaen", -3.79, 37.77),
    ), ("Andalucía", "Andalusie")),
    # Italy
    "PIE": Area("Piedmont", (
        ("Turin", 7.68, 45.07), ("Genoa", 8.93, 44.41), ("Aosta", 7.32, 45.74),
        ("Cuneo", 7.55, 44.39), ("Alessandria", 8.61, 44.91), ("Savona", 8.48, 44.31),
        ("Imperia", 8.03, 43.89), ("Novara", 8.62, 45.45),
    ), ("Piemonte", "Liguria")),
    "LOM": Area("Lombardy", (
        ("Milan", 9.19, 45.46), ("Bergamo", 9.67, 45.7), ("Brescia", 10.21, 45.54),
        ("Sondrio", 9.87, 46.17), ("Pavia", 9.16, 45.19), ("Como", 9.08, 45.81),
        ("Mantua", 10.79, 45.16), ("Parma", 10.33, 44.8), ("Piacenza", 9.69, 45.05),
    ), ("Lombardia", "Lombardie")),
    "VEN": Area("Venetia", (
        ("Venice", 12.33, 45.44), ("Verona", 10.99, 45.44), ("Padua", 11.88, 45.41),
        ("Bologna", 11.34, 44.49), ("Udine", 13.23, 46.06), ("Trento", 11.12, 46.07),
        ("Bolzano", 11.35, 46.5), ("Trieste", 13.77, 45.65), ("Ravenna", 12.2, 44.42),
        ("Belluno", 12.22, 46.14), ("Ferrara", 11.62, 44.84), ("Modena", 10.93, 44.65),
    ), ("Veneto", "Benátsko")),
    "TUS": Area("Tuscany", (
        ("Florence", 11.26, 43.77), ("Pisa", 10.4, 43.72), ("Siena", 11.33, 43.32),
        ("La Spezia", 9.82, 44.1), ("Grosseto", 11.11, 42.76), ("Arezzo", 11.88, 43.46),
        ("Livorno", 10.31, 43.55), ("Lucca", 10.5, 43.84),
    ), ("Toscana", "Toskánsko")),
    "LAZ": Area("Latium", (
        ("Rome", 12.5, 41.9), ("Perugia", 12.39, 43.11), ("Viterbo", 12.1, 42.42),
        ("Latina", 12.9, 41.47), ("Ancona", 13.52, 43.62), ("L'Aquila", 13.4, 42.35),
        ("Terni", 12.65, 42.56), ("Macerata", 13.45, 43.3), ("Urbino", 12.64, 43.73),
    ), ("Lazio", "Rome", "Řím")),
    "CAM": Area("Campania", (
        ("Naples", 14.27, 40.85), ("Salerno", 14.77, 40.68), ("Potenza", 15.8, 40.64),
        ("Cosenza", 16.25, 39.3), ("Reggio Calabria", 15.65, 38.11), ("Catanzaro", 16.59, 38.9),
        ("Caserta", 14.33, 41.07), ("Benevento", 14.78, 41.13), ("Avellino", 14.79, 40.91),
    ), ("Calabria", "Kampánie")),
    "APU": Area("Apulia", (
        ("Bari", 16.87, 41.12), ("Foggia", 15.55, 41.46), ("Lecce", 18.17, 40.35),
        ("Taranto", 17.24, 40.47), ("Brindisi", 17.94, 40.63), ("Campobasso", 14.66, 41.56),
        ("Pescara", 14.21, 42.46), ("Chieti", 14.17, 42.35), ("Matera", 16.6, 40.67),
    ), ("Puglia", "Apulie")),
    # Germany
    "SHL": Area("Schleswig-Holstein", (
        ("Kiel", 10.12, 54.32), ("Itzehoe", 9.52, 53.93), ("Flensburg", 9.43, 54.79),
        ("Luebeck", 10.69, 53.87), ("Husum", 9.05, 54.48), ("Neumuenster", 9.98, 54.07),
        ("Heide", 9.1, 54.2),
    ), ("Holstein",)),
    "LSX": Area("Lower Saxony", (
        ("Hanover", 9.73, 52.37), ("Bremen", 8.8, 53.08), ("Oldenburg", 8.21, 53.14),
        ("Emden", 7.2, 53.37), ("Osnabrueck", 8.05, 52.28), ("Brunswick", 10.52, 52.27),
        ("Goettingen", 9.93, 51.54), ("Cuxhaven", 8.69, 53.86), ("Wolfsburg", 10.78, 52.42),
        ("Lueneburg", 10.41, 53.25), ("Hamburg", 9.99, 53.55),
    ), ("Niedersachsen", "Hanover", "Hamburg")),
    "RHI": Area("Rhineland", (
        ("Cologne", 6.96, 50.94), ("Duesseldorf", 6.77, 51.23), ("Dortmund", 7.47, 51.51),
        ("Muenster", 7.63, 51.96), ("Koblenz", 7.59, 50.36), ("Saarbruecken", 7.0, 49.24),
        ("Trier", 6.64, 49.75), ("Frankfurt", 8.68, 50.11), ("Kassel", 9.48, 51.31),
        ("Mainz", 8.27, 50.0),
    ), ("Rheinland", "Westphalia", "Ruhr", "Porýní")),
    "BRA": Area("Brandenburg", (
        ("Berlin", 13.4, 52.52), ("Rostock", 12.1, 54.09), ("Stralsund", 13.08, 54.31),
        ("Schwerin", 11.41, 53.63), ("Magdeburg", 11.63, 52.13), ("Frankfurt Oder", 14.55, 52.34),
        ("Cottbus", 14.33, 51.76), ("Neubrandenburg", 13.26, 53.56), ("Greifswald", 13.38, 54.1),
    ), ("Braniborsko", "Prussia", "Berlin")),
    "SAX": Area("Saxony", (
        ("Dresden", 13.74, 51.05), ("Leipzig", 12.37, 51.34), ("Erfurt", 11.03, 50.98),
        ("Halle", 11.97, 51.48), ("Chemnitz", 12.92, 50.83), ("Jena", 11.59, 50.93),
        ("Goerlitz", 14.99, 51.15),
    ), ("Sachsen", "Sasko", "Thuringia")),
    "BAV": Area("Bavaria", (
        ("Munich", 11.58, 48.14), ("Nuremberg", 11.08, 49.45), ("Regensburg", 12.1, 49.01),
        ("Wuerzburg", 9.93, 49.79), ("Augsburg", 10.9, 48.37), ("Passau", 13.43, 48.57),
        ("Bayreuth", 11.58, 49.95), ("Rosenheim", 12.13, 47.86),
    ), ("Bayern", "Bavorsko")),
    "SWA": Area("Swabia", (
        ("Stuttgart", 9.18, 48.78), ("Freiburg", 7.85, 48.0), ("Karlsruhe", 8.4, 49.01),
        ("Mannheim", 8.47, 49.49), ("Ulm", 9.99, 48.4), ("Konstanz", 9.17, 47.66),
        ("Heilbronn", 9.22, 49.14),
    ), ("Baden-Württemberg", "Baden", "Švábsko")),
    # Scandinavia
    "ENO": Area("Eastern Norway", (
        ("Oslo", 10.75, 59.91), ("Kristiansand", 7.99, 58.15), ("Lillehammer", 10.47, 61.12),
        ("Hamar", 11.07, 60.79), ("Drammen", 10.2, 59.74), ("Arendal", 8.77, 58.46),
        ("Elverum", 11.56, 60.88), ("Skien", 9.61, 59.21),
    ), ("Østlandet", "Ostlandet")),
    "VES": Area("Western Norway", (
        ("Bergen", 5.32, 60.39), ("Stavanger", 5.73, 58.97), ("Alesund", 6.15, 62.47),
        ("Forde", 5.85, 61.45), ("Haugesund", 5.27, 59.41), ("Voss", 6.42, 60.63),
    ), ("Vestlandet",)),
    "NNO": Area("Northern Norway", (
        ("Trondheim", 10.4, 63.43), ("Bodo", 14.4, 67.28), ("Tromso", 18.96, 69.65),
        ("Narvik", 17.43, 68.44), ("Mo i Rana", 14.14, 66.31), ("Namsos", 11.5, 64.47),
        ("Alta", 23.27, 69.97), ("Kirkenes", 30.05, 69.73), ("Roros", 11.39, 62.57),
    ), ("Nord-Norge", "Trøndelag")),
    "GOT": Area("Gotaland", (
        ("Gothenburg", 11.97, 57.71), ("Malmo", 13.0, 55.6), ("Jonkoping", 14.16, 57.78),
        ("Kalmar", 16.36, 56.66), ("Vaxjo", 14.81, 56.88), ("Linkoping", 15.62, 58.41),
        ("Halmstad", 12.86, 56.67), ("Karlskrona", 15.59, 56.16),
    ), ("Götaland", "Scania", "Skåne")),
    "SVE": Area("Svealand", (
        ("Stockholm", 18.07, 59.33), ("Uppsala", 17.64, 59.86), ("Orebro", 15.21, 59.27),
        ("Karlstad", 13.5, 59.4), ("Vasteras", 16.54, 59.61), ("Falun", 15.63, 60.61),
        ("Mora", 14.54, 61.0), ("Nykoping", 17.0, 58.75),
    ), ("Uppland", "Sweden")),
    "NRL": Area("Norrland", (
        ("Sundsvall", 17.31, 62.39), ("Umea", 20.26, 63.83), ("Lulea", 22.15, 65.58),
        ("Ostersund", 14.64, 63.18), ("Kiruna", 20.23, 67.86), ("Skelleftea", 20.95, 64.75),
        ("Gallivare", 20.65, 67.13), ("Arvidsjaur", 19.17, 65.59), ("Gavle", 17.14, 60.67),
    ), ("Lapland",)),
    # Visegrad
    "POM": Area("Pomerania", (
        ("Gdansk", 18.65, 54.35), ("Szczecin", 14.55, 53.43), ("Koszalin", 16.18, 54.19),
        ("Bydgoszcz", 18.0, 53.12), ("Olsztyn", 20.48, 53.78), ("Elblag", 19.4, 54.16),
        ("Slupsk", 17.03, 54.46), ("Torun", 18.6, 53.01),
    ), ("Pomorze", "Pomořansko")),
    "GPL": Area("Greater Poland", (
        ("Poznan", 16.93, 52.41), ("Wroclaw", 17.04, 51.11), ("Zielona Gora", 15.5, 51.94),
        ("Kalisz", 18.09, 51.76), ("Opole", 17.93, 50.67), ("Legnica", 16.16, 51.21),
        ("Gorzow", 15.23, 52.74),
    ), ("Wielkopolska", "Silesia", "Slezsko")),
    "MAZ": Area("Masovia", (
        ("Warsaw", 21.01, 52.23), ("Lodz", 19.46, 51.76), ("Bialystok", 23.16, 53.13),
        ("Plock", 19.7, 52.55), ("Siedlce", 22.29, 52.17), ("Lomza", 22.06, 53.18),
        ("Ostroleka", 21.57, 53.08),
    ), ("Mazowsze", "Mazovsko", "Warsaw")),
    "LPL": Area("Lesser Poland", (
        ("Krakow", 19.94, 50.06), ("Katowice", 19.02, 50.26), ("Lublin", 22.57, 51.25),
        ("Rzeszow", 22.0, 50.04), ("Kielce", 20.63, 50.87), ("Radom", 21.15, 51.4),
        ("Tarnow", 20.99, 50.01), ("Zamosc", 23.25, 50.72),
    ), ("Małopolska", "Malopolska", "Malopolsko")),
    "BOH": Area("Bohemia", (
        ("Prague", 14.42, 50.08), ("Pilsen", 13.38, 49.75), ("Brno", 16.61, 49.2),
        ("Ostrava", 18.29, 49.83), ("Ceske Budejovice", 14.47, 48.97),
        ("Hradec Kralove", 15.83, 50.21), ("Olomouc", 17.25, 49.59), ("Liberec", 15.06, 50.77),
    ), ("Čechy", "Cechy", "Czechia", "Moravia")),
    "SVK": Area("Slovakia", (
        ("Bratislava", 17.1, 48.15), ("Kosice", 21.26, 48.72), ("Zilina", 18.74, 49.22),
        ("Banska Bystrica", 19.15, 48.74), ("Nitra", 18.09, 48.31), ("Poprad", 20.3, 49.06),
        ("Presov", 21.24, 49.0),
    ), ("Slovensko",)),
    "HUN": Area("Hungary", (
        ("Budapest", 19.04, 47.5), ("Debrecen", 21.63, 47.53), ("Szeged", 20.15, 46.25),
        ("Pecs", 18.23, 46.07), ("Gyor", 17.63, 47.68), ("Miskolc", 20.78, 48.1),
        ("Kecskemet", 19.69, 46.9), ("Szombathely", 16.62, 47.23),
    ), ("Magyarország", "Maďarsko", "Uhersko")),
    # Russia
    "ING": Area("Ingria", (
        ("Saint Petersburg", 30.32, 59.94), ("Novgorod", 31.27, 58.52), ("Pskov", 28.33, 57.82),
        ("Luga", 29.85, 58.74), ("Tikhvin", 33.6, 59.64), ("Vyborg", 28.73, 60.71),
        ("Velikiye Luki", 30.53, 56.34), ("Staraya Russa", 31.35, 58.0),
    ), ("Ingermanland", "Petersburg", "Saint Petersburg")),
    "KAR": Area("Karelia", (
        ("Petrozavodsk", 34.35, 61.79), ("Murmansk", 33.08, 68.97), ("Kandalaksha", 32.41, 67.15),
        ("Kem", 34.58, 64.95), ("Segezha", 34.31, 63.74), ("Kostomuksha", 30.6, 64.59),
        ("Sortavala", 30.7, 61.7), ("Apatity", 33.4, 67.57), ("Lovozero", 35.0, 68.0),
        ("Umba", 34.3, 66.7),
    ), ("Karélie", "Karelie", "Kola")),
    "ARK": Area("Pomorye", (
        ("Arkhangelsk", 40.54, 64.54), ("Vologda", 39.89, 59.22), ("Kotlas", 46.65, 61.25),
        ("Syktyvkar", 50.84, 61.67), ("Naryan-Mar", 53.0, 67.64), ("Mezen", 44.24, 65.85),
        ("Onega", 38.1, 63.9), ("Ukhta", 53.7, 63.56), ("Velsk", 42.1, 61.07),
        ("Cherepovets", 37.9, 59.12), ("Vorkuta", 64.0, 67.5), ("Pechora", 57.2, 65.1),
    ), ("Arkhangelsk", "Archangel")),
    "MOS": Area("Muscovy", (
        ("Moscow", 37.62, 55.75), ("Smolensk", 32.05, 54.78), ("Tver", 35.9, 56.86),
        ("Yaroslavl", 39.89, 57.63), ("Tula", 37.62, 54.19), ("Kaluga", 36.26, 54.51),
        ("Bryansk", 34.36, 53.24), ("Ryazan", 39.74, 54.63), ("Kursk", 36.19, 51.73),
        ("Orel", 36.07, 52.97), ("Vladimir", 40.4, 56.13), ("Kostroma", 40.93, 57.77),
    ), ("Moscow", "Moskva", "Moskevsko")),
    "VOL": Area("Volga", (
        ("Nizhny Novgorod", 44.0, 56.33), ("Kazan", 49.1, 55.79), ("Samara", 50.1, 53.2),
        ("Saratov", 46.03, 51.53), ("Penza", 45.0, 53.2), ("Perm", 56.25, 58.0),
        ("Ufa", 55.96, 54.73), ("Kirov", 49.67, 58.6), ("Orenburg", 55.1, 51.77),
        ("Ulyanovsk", 48.4, 54.31), ("Tambov", 41.45, 52.72), ("Yekaterinburg", 60.6, 56.84),
        ("Cheboksary", 47.25, 56.14), ("Izhevsk", 53.2, 56.85),
    ), ("Povolží", "Povolzhye")),
    "DON": Area("Don", (
        ("Rostov", 39.72, 47.23), ("Voronezh", 39.2, 51.66), ("Volgograd", 44.51, 48.71),
        ("Krasnodar", 38.98, 45.04), ("Stavropol", 41.97, 45.04), ("Belgorod", 36.59, 50.6),
        ("Novorossiysk", 37.77, 44.72), ("Astrakhan", 48.03, 46.35), ("Grozny", 45.69, 43.32),
        ("Makhachkala", 47.5, 42.98), ("Elista", 44.27, 46.31), ("Lipetsk", 39.6, 52.6),
        ("Sochi", 39.72, 43.6), ("Nalchik", 43.6, 43.48), ("Taganrog", 38.9, 47.22),
    ), ("Rostov", "Kuban")),
    # Turkey
    "CON": Area("Constantinople", (
        ("Istanbul", 28.98, 41.01), ("Edirne", 26.56, 41.68), ("Tekirdag", 27.51, 40.98),
        ("Kirklareli", 27.22, 41.74), ("Gallipoli", 26.67, 40.41), ("Corlu", 27.8, 41.16),
        ("Uskudar", 29.03, 41.03), ("Kadikoy", 29.03, 40.99), ("Beykoz", 29.1, 41.13),
        ("Kartal", 29.19, 40.9),
    ), ("Istanbul", "İstanbul", "Konstantinopol", "Cařihrad")),
    "BIT": Area("Bithynia", (
        ("Bursa", 29.06, 40.19), ("Izmit", 29.92, 40.77), ("Adapazari", 30.4, 40.78),
        ("Eskisehir", 30.52, 39.78), ("Bolu", 31.61, 40.74), ("Zonguldak", 31.79, 41.45),
        ("Bandirma", 27.97, 40.35), ("Canakkale", 26.41, 40.15), ("Balikesir", 27.88, 39.65),
    ), ("Bithynie",)),
    "SMY": Area("Ionia", (
        ("Izmir", 27.14, 38.42), ("Manisa", 27.43, 38.61), ("Aydin", 27.85, 37.85),
        ("Denizli", 29.09, 37.78), ("Mugla", 28.36, 37.21), ("Usak", 29.41, 38.68),
        ("Bergama", 27.18, 39.12),
    ), ("Smyrna", "İzmir", "Izmir", "Iónie")),
    "ANA": Area("Anatolia", (
        ("Ankara", 32.85, 39.93), ("Konya", 32.49, 37.87), ("Kayseri", 35.48, 38.73),
        ("Afyon", 30.54, 38.76), ("Kirsehir", 34.16, 39.15), ("Aksaray", 34.03, 38.37),
        ("Nigde", 34.68, 37.97), ("Cankiri", 33.62, 40.6), ("Yozgat", 34.8, 39.82),
    ), ("Anadolu", "Anatolie", "Ankara")),
    "PON": Area("Pontus", (
        ("Samsun", 36.33, 41.29), ("Sinop", 35.15, 42.02), ("Trabzon", 39.72, 41.0),
        ("Kastamonu", 33.78, 41.38), ("Erzurum", 41.27, 39.9), ("Kars", 43.1, 40.6),
        ("Tokat", 36.55, 40.31), ("Amasya", 35.83, 40.65), ("Ordu", 37.88, 40.98),
        ("Rize", 40.52, 41.02), ("Erzincan", 39.49, 39.75), ("Sivas", 37.01, 39.75),
        ("Agri", 43.05, 39.72),
    ), ("Pontos", "Trebizond")),
    "CIL": Area("Cilicia", (
        ("Adana", 35.32, 37.0), ("Mersin", 34.64, 36.8), ("Antalya", 30.71, 36.9),
        ("Gaziantep", 37.38, 37.07), ("Malatya", 38.31, 38.35), ("Diyarbakir", 40.23, 37.91),
        ("Van", 43.38, 38.5), ("Urfa", 38.79, 37.16), ("Isparta", 30.55, 37.76),
        ("Alanya", 32.0, 36.54), ("Kahramanmaras", 36.94, 37.58), ("Bitlis", 42.11, 38.4),
        ("Hakkari", 43.74, 37.57),
    ), ("Kilikie", "Cukurova")),
    # Yugoslavia
    "SLV": Area("Slovenia", (
        ("Ljubljana", 14.51, 46.05), ("Maribor", 15.65, 46.55), ("Koper", 13.73, 45.55),
        ("Novo Mesto", 15.17, 45.8), ("Kranj", 14.36, 46.24), ("Celje", 15.26, 46.23),
    ), ("Slovenija", "Slovinsko")),
    "CRO": Area("Croatia", (
        ("Zagreb", 15.98, 45.81), ("Split", 16.44, 43.51), ("Rijeka", 14.44, 45.33),
        ("Osijek", 18.69, 45.55), ("Zadar", 15.23, 44.12), ("Dubrovnik", 18.09, 42.65),
        ("Pula", 13.85, 44.87), ("Slavonski Brod", 18.02, 45.16), ("Varazdin", 16.34, 46.3),
        ("Gospic", 15.37, 44.55), ("Sibenik", 15.9, 43.73),
    ), ("Hrvatska", "Chorvatsko", "Dalmatia")),
    "BOS": Area("Bosnia", (
        ("Sarajevo", 18.41, 43.86), ("Banja Luka", 17.19, 44.77), ("Mostar", 17.81, 43.34),
        ("Tuzla", 18.67, 44.54), ("Bihac", 15.87, 44.81), ("Zenica", 17.91, 44.2),
        ("Trebinje", 18.35, 42.71),
    ), ("Bosna", "Herzegovina", "Bosnia and Herzegovina")),
    "SER": Area("Serbia", (
        ("Belgrade", 20.46, 44.82), ("Nis", 21.9, 43.32), ("Novi Sad", 19.84, 45.27),
        ("Kragujevac", 20.91, 44.01), ("Subotica", 19.67, 46.1), ("Pristina", 21.17, 42.67),
        ("Novi Pazar", 20.52, 43.14), ("Zrenjanin", 20.39, 45.38), ("Vranje", 21.9, 42.55),
        ("Prizren", 20.74, 42.21),
    ), ("Srbija", "Srbsko")),
    "MNE": Area("Montenegro", (
        ("Podgorica", 19.26, 42.44), ("Kotor", 18.77, 42.42), ("Niksic", 18.94, 42.77),
        ("Bar", 19.1, 42.1), ("Pljevlja", 19.36, 43.36), ("Zabljak", 19.12, 43.15),
    ), ("Crna Gora", "Černá Hora")),
    "MAC": Area("Macedonia", (
        ("Skopje", 21.43, 42.0), ("Bitola", 21.33, 41.03), ("Ohrid", 20.8, 41.12),
        ("Stip", 22.2, 41.74), ("Kumanovo", 21.71, 42.13), ("Tetovo", 20.97, 42.01),
        ("Strumica", 22.64, 41.44),
    ), ("Makedonija", "North Macedonia", "Makedonie")),
    # Neutral lands
    "IRE": Area("Ireland", (
        ("Dublin", -6.26, 53.35), ("Cork", -8.47, 51.9), ("Galway", -9.05, 53.27),
        ("Limerick", -8.63, 52.66), ("Sligo", -8.47, 54.27), ("Belfast", -5.93, 54.6),
        ("Derry", -7.31, 55.0), ("Enniskillen", -7.64, 54.34), ("Armagh", -6.65, 54.35),
    ), ("Éire", "Eire", "Irsko")),
    "POR": Area("Portugal", (
        ("Lisbon", -9.14, 38.72), ("Porto", -8.61, 41.15), ("Faro", -7.93, 37.02),
        ("Coimbra", -8.43, 40.2), ("Evora", -7.91, 38.57), ("Braga", -8.42, 41.55),
    ), ("Portugalsko",)),
    "HOL": Area("Holland", (
        ("Amsterdam", 4.9, 52.37), ("Rotterdam", 4.48, 51.92), ("Groningen", 6.57, 53.22),
        ("Utrecht", 5.12, 52.09), ("Eindhoven", 5.47, 51.44), ("Zwolle", 6.09, 52.52),
    ), ("Netherlands", "Nederland", "Nizozemsko")),
    "BEL": Area("Belgium", (
        ("Brussels", 4.35, 50.85), ("Antwerp", 4.4, 51.22), ("Liege", 5.57, 50.63),
        ("Ghent", 3.72, 51.05), ("Luxembourg", 6.13, 49.61), ("Namur", 4.87, 50.47),
    ), ("Belgie", "Belgique", "Belgie a Lucembursko")),
    "SWI": Area("Switzerland", (
        ("Bern", 7.45, 46.95), ("Zurich", 8.54, 47.37), ("Geneva", 6.14, 46.2),
        ("Lugano", 8.95, 46.0), ("Chur", 9.53, 46.85), ("Sion", 7.36, 46.23),
    ), ("Švýcarsko", "Svycarsko", "Schweiz", "Suisse", "Helvetia")),
    "AUT": Area("Austria", (
        ("Vienna", 16.37, 48.21), ("Linz", 14.29, 48.31), ("Graz", 15.44, 47.07),
        ("Salzburg", 13.04, 47.8), ("Innsbruck", 11.4, 47.27), ("Klagenfurt", 14.31, 46.62),
        ("Bregenz", 9.75, 47.5), ("Lienz", 12.77, 46.83),
    ), ("Österreich", "Rakousko", "Tyrol")),
    "DEN": Area("Denmark", (
        ("Copenhagen", 12.57, 55.68), ("Aarhus", 10.2, 56.16), ("Odense", 10.39, 55.4),
        ("Aalborg", 9.92, 57.05), ("Esbjerg", 8.45, 55.47), ("Nakskov", 11.13, 54.83),
        ("Nykobing Falster", 11.87, 54.77), ("Roskilde", 12.08, 55.64), ("Viborg", 9.4, 56.45),
        ("Frederikshavn", 10.54, 57.44), ("Slagelse", 11.35, 55.4),
    ), ("Danmark", "Dánsko")),
    "FIN": Area("Finland", (
        ("Helsinki", 24.94, 60.17), ("Turku", 22.27, 60.45), ("Tampere", 23.76, 61.5),
        ("Oulu", 25.47, 65.01), ("Vaasa", 21.62, 63.1), ("Rovaniemi", 25.73, 66.5),
        ("Kuopio", 27.68, 62.89), ("Joensuu", 29.76, 62.6), ("Lahti", 25.66, 60.98),
        ("Jyvaskyla", 25.75, 62.24), ("Ivalo", 27.59, 68.66), ("Kajaani", 27.73, 64.23),
    ), ("Suomi", "Finsko")),
    "EST": Area("Estonia", (
        ("Tallinn", 24.75, 59.44), ("Tartu", 26.72, 58.38), ("Parnu", 24.5, 58.39),
        ("Narva", 28.19, 59.38), ("Haapsalu", 23.54, 58.94),
    ), ("Eesti", "Estonsko")),
    "LAT": Area("Latvia", (
        ("Riga", 24.1, 56.95), ("Daugavpils", 26.53, 55.87), ("Liepaja", 21.0, 56.5),
        ("Ventspils", 21.57, 57.39), ("Valmiera", 25.43, 57.54), ("Rezekne", 27.33, 56.51),
    ), ("Latvija", "Lotyšsko", "Lotyssko")),
    "LIT": Area("Lithuania", (
        ("Vilnius", 25.28, 54.69), ("Kaunas", 23.9, 54.9), ("Klaipeda", 21.13, 55.7),
        ("Siauliai", 23.31, 55.93), ("Panevezys", 24.36, 55.73), ("Kaliningrad", 20.5, 54.71),
        ("Chernyakhovsk", 21.8, 54.63), ("Sovetsk", 21.87, 55.08),
    ), ("Lietuva", "Litva")),
    "BLR": Area("Belarus", (
        ("Minsk", 27.56, 53.9), ("Brest", 23.7, 52.1), ("Grodno", 23.83, 53.68),
        ("Vitebsk", 30.2, 55.19), ("Gomel", 30.98, 52.44), ("Mogilev", 30.33, 53.9),
        ("Pinsk", 26.1, 52.11), ("Polotsk", 28.8, 55.49),
    ), ("Bělorusko", "Belorusko", "White Ruthenia")),
    "UKR": Area("Ukraine", (
        ("Kyiv", 30.52, 50.45), ("Lviv", 24.03, 49.84), ("Kharkiv", 36.23, 49.99),
        ("Vinnytsia", 28.47, 49.23), ("Zhytomyr", 28.66, 50.25), ("Poltava", 34.55, 49.59),
        ("Chernihiv", 31.29, 51.5), ("Rivne", 26.25, 50.62), ("Lutsk", 25.33, 50.75),
        ("Ternopil", 25.59, 49.55), ("Ivano-Frankivsk", 24.71, 48.92), ("Uzhhorod", 22.29, 48.62),
        ("Chernivtsi", 25.94, 48.29), ("Sumy", 34.8, 50.91), ("Cherkasy", 32.06, 49.44),
        ("Khmelnytskyi", 26.99, 49.42),
    ), ("Ukrajina",)),
    "KHE": Area("Kherson", (
        ("Odessa", 30.73, 46.48), ("Mykolaiv", 31.99, 46.97), ("Kherson", 32.62, 46.64),
        ("Zaporizhzhia", 35.14, 47.84), ("Dnipro", 35.04, 48.46), ("Kropyvnytskyi", 32.26, 48.51),
        ("Donetsk", 37.8, 48.0), ("Mariupol", 37.55, 47.1), ("Izmail", 28.84, 45.35),
        ("Melitopol", 35.37, 46.84),
    ), ("Cherson", "Kherson Governorate")),
    "CRI": Area("Crimea", (
        ("Sevastopol", 33.52, 44.62), ("Simferopol", 34.1, 44.95), ("Kerch", 36.47, 45.36),
        ("Yevpatoria", 33.37, 45.19), ("Feodosia", 35.38, 45.03), ("Dzhankoi", 34.4, 45.71),
    ), ("Krym", "Krim")),
    "ROM": Area("Romania", (
        ("Bucharest", 26.1, 44.43), ("Iasi", 27.6, 47.16), ("Constanta", 28.63, 44.17),
        ("Craiova", 23.8, 44.32), ("Galati", 28.05, 45.44), ("Chisinau", 28.86, 47.01),
        ("Cluj", 23.6, 46.77), ("Timisoara", 21.23, 45.75), ("Brasov", 25.6, 45.65),
        ("Sibiu", 24.15, 45.79), ("Oradea", 21.92, 47.06), ("Suceava", 26.25, 47.65),
        ("Balti", 27.93, 47.76),
    ), ("România", "Rumania", "Rumunsko")),
    "BUL": Area("Bulgaria", (
        ("Sofia", 23.32, 42.7), ("Plovdiv", 24.75, 42.15), ("Varna", 27.91, 43.21),
        ("Burgas", 27.47, 42.5), ("Ruse", 25.97, 43.85), ("Pleven", 24.62, 43.42),
        ("Vidin", 22.88, 43.99), ("Stara Zagora", 25.63, 42.43), ("Blagoevgrad", 23.1, 42.02),
        ("Kardzhali", 25.37, 41.64),
    ), ("Bălgarija", "Bulharsko")),
    "ALB": Area("Albania", (
        ("Tirana", 19.82, 41.33), ("Shkoder", 19.51, 42.07), ("Vlore", 19.49, 40.47),
        ("Korce", 20.78, 40.62), ("Elbasan", 20.08, 41.11), ("Durres", 19.45, 41.32),
    ), ("Shqipëria", "Albánie")),
    "GRE": Area("Greece", (
        ("Athens", 23.73, 37.98), ("Thessaloniki", 22.94, 40.64), ("Larissa", 22.42, 39.64),
        ("Ioannina", 20.85, 39.66), ("Patras", 21.73, 38.25), ("Kalamata", 22.11, 37.04),
        ("Kavala", 24.41, 40.94), ("Alexandroupoli", 25.87, 40.85), ("Lamia", 22.43, 38.9),
        ("Kozani", 21.79, 40.3), ("Euboea", 23.75, 38.6), ("Tripoli", 22.37, 37.51),
    ), ("Hellas", "Ellada", "Řecko")),
    "MOR": Area("Morocco", (
        ("Rabat", -6.84, 34.02), ("Fez", -5.0, 34.03), ("Tangier", -5.81, 35.76),
        ("Casablanca", -7.59, 33.57), ("Marrakesh", -8.0, 31.63), ("Oujda", -1.91, 34.68),
        ("Meknes", -5.55, 33.9), ("Nador", -2.93, 35.17),
    ), ("Maroko", "Maroc")),
    "ALG": Area("Algeria", (
        ("Algiers", 3.06, 36.75), ("Oran", -0.64, 35.7), ("Constantine", 6.61, 36.37),
        ("Annaba", 7.77, 36.9), ("Tlemcen", -1.32, 34.88), ("Setif", 5.41, 36.19),
        ("Batna", 6.17, 35.56), ("Biskra", 5.73, 34.85), ("Djelfa", 3.25, 34.67),
        ("Laghouat", 2.88, 33.8), ("Ghardaia", 3.67, 32.49),
    ), ("Alžírsko", "Alzirsko", "Algérie")),
    "TUN": Area("Tunisia", (
        ("Tunis", 10.18, 36.81), ("Sfax", 10.76, 34.74), ("Bizerte", 9.87, 37.27),
        ("Sousse", 10.64, 35.83), ("Gabes", 10.1, 33.88), ("Kairouan", 10.1, 35.68),
        ("Gafsa", 8.78, 34.43),
    ), ("Tunisko", "Tunisie")),
    "EGY": Area("Egypt", (
        ("Alexandria", 29.92, 31.2), ("Cairo", 31.24, 30.04), ("Port Said", 32.3, 31.26),
        ("Tanta", 31.0, 30.79), ("Mansoura", 31.38, 31.04), ("Marsa Matruh", 27.24, 31.35),
        ("El Arish", 33.8, 31.13), ("Sinai", 33.8, 30.5),
    ), ("Misr", "Egypte")),
    "LEV": Area("Levant", (
        ("Damascus", 36.29, 33.51), ("Aleppo", 37.16, 36.2), ("Beirut", 35.5, 33.89),
        ("Homs", 36.72, 34.73), ("Latakia", 35.79, 35.52), ("Jerusalem", 35.21, 31.77),
        ("Haifa", 34.99, 32.79), ("Amman", 35.93, 31.95), ("Deir ez-Zor", 40.14, 35.34),
        ("Hama", 36.75, 35.13), ("Raqqa", 39.0, 35.95), ("Tel Aviv", 34.78, 32.08),
    ), ("Syria", "Sýrie", "Levanta")),
    "CAU": Area("Transcaucasia", (
        ("Tbilisi", 44.79, 41.72), ("Batumi", 41.64, 41.64), ("Kutaisi", 42.7, 42.27),
        ("Yerevan", 44.51, 40.18), ("Baku", 49.87, 40.41), ("Ganja", 46.36, 40.68),
        ("Sukhumi", 41.0, 43.0), ("Gyumri", 43.85, 40.79),
    ), ("Caucasus", "Zakavkazsko", "Georgia")),
}  # fmt: skip

# --- Sea sectors: points of open water spread over each.
SEA: dict[str, Area] = {
    "NAT": Area("North Atlantic", (
        ("Rockall", -13.7, 57.6), ("west of Ireland", -14.5, 53.0), ("Porcupine Bank", -13.0, 51.0),
        ("Irminger Sea", -28.0, 60.0), ("south of Iceland", -18.0, 62.0),
        ("Hebrides", -8.2, 57.4), ("north of Ireland", -9.0, 55.8), ("mid-ocean", -25.0, 54.0),
        ("Faroe Bank", -9.5, 60.5),
    ), ("Severní Atlantik",)),
    "NWS": Area("Norwegian Sea", (
        ("Faroe-Shetland Channel", -3.5, 61.3), ("Norwegian Basin", 2.0, 66.0),
        ("off Lofoten", 8.0, 69.0), ("Jan Mayen", -8.0, 71.0), ("off Alesund", 4.0, 62.8),
        ("north of Iceland", -16.0, 68.5), ("off Bergen", 4.2, 61.0),
    ), ("Norské moře",)),
    "BAR": Area("Barents Sea", (
        ("Barents Sea", 38.0, 72.0), ("off North Cape", 26.0, 72.0), ("off Murmansk", 34.0, 70.0),
        ("Pechora Sea", 55.0, 70.0), ("off Kanin", 45.0, 69.2), ("Svalbard Bank", 20.0, 74.5),
        ("off Vardo", 31.5, 70.6), ("Voronka", 43.0, 67.9),
    ), ("Barentsovo moře",)),
    "WHI": Area("White Sea", (
        ("White Sea", 38.0, 65.6), ("Kandalaksha Gulf", 34.8, 66.6), ("Onega Bay", 36.8, 64.4),
        ("Dvina Bay", 39.6, 64.9), ("Gorlo", 41.0, 66.3),
    ), ("Bílé moře", "Beloye More")),
    "NNS": Area("Northern North Sea", (
        ("off Aberdeen", -0.8, 57.4), ("Fladen Ground", 0.8, 58.8), ("Viking Bank", 2.3, 60.3),
        ("off Stavanger", 4.0, 58.8), ("Fisher Bank", 5.5, 57.3), ("off Shetland", 0.5, 60.6),
    ), ("Severní moře - sever",)),
    "SNS": Area("Southern North Sea", (
        ("Dogger Bank", 2.0, 54.8), ("Norfolk Banks", 2.6, 53.2), ("off Zeeland", 3.2, 51.85),
        ("off Texel", 4.3, 53.4), ("Jutland Bank", 6.0, 55.8), ("off Dunkirk", 2.3, 51.3),
        ("off Thyboron", 7.5, 56.6),
    ), ("Severní moře - jih",)),
    "HEL": Area("Heligoland Bight", (
        ("German Bight", 7.6, 54.2), ("off Sylt", 7.9, 55.0), ("off Wangerooge", 7.8, 53.9),
        ("off Borkum", 6.5, 53.75), ("Horns Reef", 7.8, 55.6),
    ), ("Helgoland", "German Bight", "Deutsche Bucht")),
    "SKA": Area("Skagerrak", (
        ("Skagerrak", 9.5, 57.9), ("off Kristiansand", 8.2, 57.9), ("mid-Skagerrak", 10.2, 58.3),
        ("Oslofjord", 10.55, 59.2),
    ), ("Skagerak",)),
    "KAT": Area("Kattegat", (
        ("Kattegat", 11.6, 56.8), ("south Kattegat", 11.6, 56.2), ("off Laeso", 11.4, 57.35),
        ("Oresund north", 12.65, 56.0), ("Samso Belt", 10.95, 55.85),
    ), ("Kategat",)),
    "WBA": Area("Western Baltic", (
        ("Kiel Bay", 10.5, 54.55), ("Fehmarn Belt", 11.35, 54.55), ("Mecklenburg Bay", 11.6, 54.25),
        ("Arkona Basin", 13.3, 54.9), ("Great Belt south", 11.0, 55.2),
        ("Pomeranian Bay", 14.2, 54.2),
        ("Oresund south", 12.75, 55.45), ("off Bornholm", 14.4, 55.3),
        ("south of Funen", 10.5, 55.0),
    ), ("Západní Baltské moře",)),
    "SBA": Area("Southern Baltic", (
        ("Bornholm Basin", 16.2, 55.4), ("Slupsk Bank", 17.0, 55.0), ("Gdansk Deep", 19.0, 54.9),
        ("Gulf of Gdansk", 19.0, 54.5), ("off Klaipeda", 20.3, 55.4), ("off Palanga", 20.7, 55.95),
    ), ("Jižní Baltské moře",)),
    "EBA": Area("Eastern Baltic", (
        ("Gotland Deep", 19.8, 57.2), ("off Liepaja", 20.3, 56.5), ("west of Gotland", 17.6, 57.6),
        ("off Gotska Sandon", 19.5, 58.6), ("off Stockholm", 19.3, 59.35),
        ("northern Baltic", 21.0, 59.1),
        ("off Utö", 21.4, 59.55), ("Vainameri", 23.2, 58.75), ("Irbe approach", 21.0, 57.6),
    ), ("Východní Baltské moře",)),
    "GOR": Area("Gulf of Riga", (
        ("Gulf of Riga", 23.5, 57.6), ("off Jurmala", 23.6, 57.15), ("off Parnu", 24.0, 58.0),
        ("off Kihnu", 23.2, 57.9),
    ), ("Rižský záliv",)),
    "GOF": Area("Gulf of Finland", (
        ("Gulf of Finland", 25.5, 59.85), ("off Hanko", 22.8, 59.6), ("off Tallinn", 24.5, 59.65),
        ("off Kotka", 27.0, 60.0), ("off Kronstadt", 29.3, 60.0), ("Narva Bay", 27.8, 59.6),
    ), ("Finský záliv",)),
    "BOT": Area("Gulf of Bothnia", (
        ("Bothnian Sea", 19.8, 61.5), ("Bothnian Bay", 23.0, 64.8), ("Quark", 20.8, 63.4),
        ("Sea of Aland", 19.2, 60.15), ("off Gavle", 18.0, 61.0), ("off Oulu", 24.2, 65.2),
    ), ("Botnický záliv",)),
    "IRI": Area("Irish Sea", (
        ("Irish Sea", -5.0, 53.8), ("St George's Channel", -5.7, 52.4),
        ("North Channel", -5.6, 55.2),
        ("Solway", -4.0, 54.6), ("Cardigan Bay", -4.5, 52.5),
    ), ("Irské moře",)),
    "CEL": Area("Celtic Sea", (
        ("Celtic Sea", -7.0, 51.0), ("Bristol Channel", -4.3, 51.3), ("off Cork", -8.3, 51.55),
        ("Western Approaches", -7.5, 49.5), ("off Land's End", -6.2, 50.2),
    ), ("Keltské moře",)),
    "ENG": Area("English Channel", (
        ("Western Channel", -4.0, 49.7), ("mid-Channel", -2.5, 50.1), ("Bay of Seine", -0.5, 49.6),
        ("off Dieppe", 0.8, 50.3), ("Dover Strait", 1.45, 50.85), ("off Roscoff", -4.0, 48.9),
    ), ("La Manche", "Lamanšský průliv", "Channel")),
    "BIS": Area("Bay of Biscay", (
        ("Bay of Biscay", -4.5, 45.8), ("off Belle-Ile", -3.3, 47.1), ("off Gironde", -1.8, 45.7),
        ("Iroise", -5.2, 48.15), ("off Vendee", -2.6, 46.6), ("west Biscay", -7.0, 46.5),
    ), ("Biskajský záliv", "Golfe de Gascogne")),
    "CAN": Area("Cantabrian Sea", (
        ("Cantabrian Sea", -4.5, 43.9), ("off Bilbao", -2.8, 43.6), ("off Bayonne", -1.8, 43.7),
        ("off Asturias", -6.5, 43.9), ("off Estaca", -8.0, 44.0),
    ), ("Mar Cantábrico", "Kantaberské moře")),
    "MAT": Area("Mid-Atlantic", (
        ("west of Galicia", -10.8, 42.8), ("west of Portugal", -11.5, 39.5),
        ("off Cape St Vincent", -9.6, 36.8), ("Gorringe Bank", -11.5, 36.5),
        ("off Morocco", -10.5, 33.0), ("Canary Basin", -14.0, 31.0),
        ("Iberian Abyssal", -15.0, 43.0),
        ("Biscay Abyssal", -12.0, 46.0),
    ), ("Jižní Atlantik", "South Atlantic")),
    "GCA": Area("Gulf of Cadiz", (
        ("Gulf of Cadiz", -7.5, 36.6), ("off Huelva", -6.9, 36.9), ("off Larache", -6.6, 35.5),
        ("Strait approach", -6.1, 35.95),
    ), ("Golfo de Cádiz", "Cádizský záliv")),
    "ALN": Area("Alboran Sea", (
        ("Alboran Sea", -3.5, 36.1), ("Strait of Gibraltar", -5.4, 35.97),
        ("off Malaga", -4.5, 36.5),
        ("off Almeria", -2.3, 36.5), ("off Nador", -2.2, 35.6),
    ), ("Mar de Alborán", "Gibraltar")),
    "BAL": Area("Balearic Sea", (
        ("Balearic Sea", 1.5, 40.7), ("off Barcelona", 2.6, 41.2), ("off Valencia", 0.4, 39.4),
        ("off Ibiza", 0.8, 38.6), ("off Cabo de Palos", -0.3, 37.7), ("off Menorca", 4.4, 40.6),
    ), ("Baleárské moře",)),
    "ALS": Area("Algerian Sea", (
        ("Algerian Basin", 4.0, 37.9), ("off Oran", -0.6, 36.1), ("off Algiers", 3.0, 37.1),
        ("off Annaba", 7.8, 37.4), ("Sardinian Sea", 7.0, 39.5), ("south of Baleares", 2.0, 38.0),
    ), ("Alžírské moře",)),
    "LYO": Area("Gulf of Lion", (
        ("Gulf of Lion", 4.3, 42.9), ("off Toulon", 6.0, 42.7), ("off Cap Creus", 3.8, 42.0),
        ("west of Corsica", 7.6, 42.0), ("Provencal Basin", 5.5, 41.5),
    ), ("Golfe du Lion", "Lví záliv", "Gulf of Lyon")),
    "LIG": Area("Ligurian Sea", (
        ("Ligurian Sea", 8.6, 43.8), ("off Genoa", 9.0, 44.2), ("off Nice", 7.6, 43.4),
        ("Corsica Channel", 9.7, 43.3),
    ), ("Mar Ligure", "Ligurské moře")),
    "TYS": Area("Tyrrhenian Sea", (
        ("Tyrrhenian Sea", 12.0, 40.0), ("off Naples", 13.9, 40.4), ("off Elba", 10.7, 42.3),
        ("off Rome", 11.9, 41.5), ("off Calabria", 15.3, 39.3), ("off Palermo", 13.3, 38.6),
        ("east of Sardinia", 10.5, 40.5),
    ), ("Mar Tirreno", "Tyrhénské moře")),
    "SIC": Area("Strait of Sicily", (
        ("Strait of Sicily", 11.8, 37.0), ("off Cape Bon", 11.3, 37.3), ("off Malta", 14.3, 35.5),
        ("Gulf of Hammamet", 10.9, 36.2), ("Gulf of Gabes", 11.3, 34.0),
        ("Sardinia Channel", 9.8, 38.0),
        ("Lampedusa", 12.5, 35.3),
    ), ("Sicilian Channel", "Sicilský průliv")),
    "ION": Area("Ionian Sea", (
        ("Ionian Sea", 18.5, 37.5), ("Gulf of Taranto", 17.3, 39.8), ("off Kythira", 22.0, 36.2),
        ("off Zakynthos", 20.3, 37.6), ("off Calabria east", 17.0, 38.6), ("Sidra", 18.5, 33.5),
        ("off Corfu", 19.5, 39.1), ("Medina Bank", 16.0, 35.0),
    ), ("Iónské moře",)),
    "SAD": Area("Southern Adriatic", (
        ("Southern Adriatic", 18.0, 41.8), ("off Bari", 17.3, 41.5), ("off Kotor", 18.6, 42.25),
        ("Strait of Otranto", 19.0, 40.4), ("off Durres", 19.1, 41.2),
    ), ("Jižní Jadran",)),
    "CAD": Area("Central Adriatic", (
        ("Central Adriatic", 15.3, 43.1), ("off Ancona", 14.0, 43.8), ("off Split", 15.4, 43.4),
        ("off Pescara", 14.8, 42.7), ("Pelagosa", 16.4, 42.4), ("off Zadar", 14.6, 43.9),
        ("off Gargano", 16.6, 42.1),
    ), ("Střední Jadran",)),
    "NAD": Area("Northern Adriatic", (
        ("Gulf of Venice", 12.9, 45.1), ("Gulf of Trieste", 13.5, 45.65),
        ("off Istria", 13.3, 44.9),
        ("off Rimini", 12.9, 44.3), ("Kvarner", 14.2, 45.05),
    ), ("Severní Jadran",)),
    "NAE": Area("North Aegean", (
        ("Thracian Sea", 25.0, 40.5), ("Thermaic Gulf", 22.9, 40.3), ("north Sporades", 24.0, 39.6),
        ("off Lemnos", 25.6, 39.6), ("off Athos", 24.6, 39.9), ("Dardanelles mouth", 25.9, 39.95),
        ("Gulf of Edremit", 26.6, 39.45),
    ), ("Severní Egejské moře",)),
    "MYR": Area("Myrtoan Sea", (
        ("Myrtoan Sea", 23.5, 36.9), ("Saronic Gulf", 23.5, 37.75), ("Sea of Crete", 25.0, 36.0),
        ("off Cape Malea", 23.4, 36.4), ("Argolic Gulf", 22.9, 37.3),
        ("south Euboean Gulf", 24.3, 38.05),
        ("off Milos", 24.2, 36.45),
    ), ("Myrtoské moře", "Cyclades")),
    "ICA": Area("Icarian Sea", (
        ("Icarian Sea", 26.2, 37.3), ("off Chios", 25.6, 38.2), ("Gulf of Smyrna", 26.75, 38.55),
        ("Dodecanese", 26.9, 36.5), ("off Lesbos", 26.55, 38.85), ("south of Rhodes", 28.0, 35.6),
        ("Karpathos Strait", 27.0, 35.6),
    ), ("Ikarské moře",)),
    "MRM": Area("Sea of Marmara", (
        ("Sea of Marmara", 28.0, 40.75), ("off Tekirdag", 27.6, 40.85),
        ("off Bandirma", 27.9, 40.5),
        ("Gulf of Izmit", 29.1, 40.8), ("off Istanbul", 28.7, 40.92),
    ), ("Marmara", "Marmarské moře")),
    "WBS": Area("Western Black Sea", (
        ("off Bosporus", 29.3, 41.45), ("Western Black Sea", 30.5, 43.0), ("off Varna", 28.5, 43.1),
        ("off Odessa", 31.0, 46.2), ("off Danube delta", 30.3, 45.0),
        ("off Tarkhankut", 32.3, 45.3),
        ("off Sakarya", 30.5, 41.6),
    ), ("Černé moře - západ",)),
    "EBS": Area("Eastern Black Sea", (
        ("Eastern Black Sea", 36.0, 43.0), ("off Sinop", 35.0, 42.4), ("off Trabzon", 39.5, 41.5),
        ("off Inebolu", 32.5, 42.0),
        ("off Batumi", 41.0, 42.0), ("off Novorossiysk", 37.6, 44.3), ("off Yalta", 34.3, 44.2),
        ("off Sochi", 39.2, 43.3), ("off Samsun", 36.6, 41.7),
    ), ("Černé moře - východ",)),
    "AZO": Area("Sea of Azov", (
        ("Sea of Azov", 36.5, 46.0), ("Taganrog Bay", 38.3, 46.9), ("off Berdiansk", 36.9, 46.5),
        ("off Kerch", 36.0, 45.7), ("off Yeysk", 37.8, 46.3),
    ), ("Azovské moře",)),
    "LVS": Area("Levantine Sea", (
        ("south of Crete", 25.0, 34.3), ("off Alexandria", 29.8, 31.8),
        ("Levantine Sea", 32.0, 33.7),
        ("off Haifa", 34.4, 32.9), ("off Iskenderun", 35.7, 36.4), ("off Antalya", 31.0, 36.0),
        ("off Kastellorizo", 29.6, 35.7), ("off Beirut", 35.1, 34.0),
        ("off Marsa Matruh", 27.3, 31.6),
    ), ("Levantské moře", "Eastern Mediterranean")),
}  # fmt: skip

# --- The game: supply centres, ports, powers.
CENTRES: dict[str, Place] = {
    # the powers' home centres
    "SCO": ("Edinburgh", -3.19, 55.95),
    "LAN": ("Liverpool", -2.98, 53.41),
    "LON": ("London", -0.13, 51.51),
    "IDF": ("Paris", 2.35, 48.86),
    "AQU": ("Bordeaux", -0.58, 44.84),
    "PRO": ("Marseille", 5.37, 43.3),
    "CAS": ("Madrid", -3.7, 40.42),
    "CAT": ("Barcelona", 2.17, 41.39),
    "AND": ("Seville", -5.98, 37.39),
    "LOM": ("Milan", 9.19, 45.46),
    "LAZ": ("Rome", 12.5, 41.9),
    "CAM": ("Naples", 14.27, 40.85),
    "LSX": ("Hamburg", 9.99, 53.55),
    "BRA": ("Berlin", 13.4, 52.52),
    "BAV": ("Munich", 11.58, 48.14),
    "ENO": ("Oslo", 10.75, 59.91),
    "GOT": ("Gothenburg", 11.97, 57.71),
    "SVE": ("Stockholm", 18.07, 59.33),
    "MAZ": ("Warsaw", 21.01, 52.23),
    "BOH": ("Prague", 14.42, 50.08),
    "HUN": ("Budapest", 19.04, 47.5),
    "ING": ("Saint Petersburg", 30.32, 59.94),
    "MOS": ("Moscow", 37.62, 55.75),
    "DON": ("Rostov", 39.72, 47.23),
    "CON": ("Constantinople", 28.98, 41.01),
    "ANA": ("Ankara", 32.85, 39.93),
    "SMY": ("Smyrna", 27.14, 38.42),
    "CRO": ("Zagreb", 15.98, 45.81),
    "SER": ("Belgrade", 20.46, 44.82),
    "BOS": ("Sarajevo", 18.41, 43.86),
    # neutral centres
    "IRE": ("Dublin", -6.26, 53.35),
    "POR": ("Lisbon", -9.14, 38.72),
    "HOL": ("Amsterdam", 4.9, 52.37),
    "BEL": ("Brussels", 4.35, 50.85),
    "SWI": ("Bern", 7.45, 46.95),
    "AUT": ("Vienna", 16.37, 48.21),
    "DEN": ("Copenhagen", 12.57, 55.68),
    "FIN": ("Helsinki", 24.94, 60.17),
    "LAT": ("Riga", 24.1, 56.95),
    "BLR": ("Minsk", 27.56, 53.9),
    "UKR": ("Kyiv", 30.52, 50.45),
    "CRI": ("Sevastopol", 33.52, 44.62),
    "ROM": ("Bucharest", 26.1, 44.43),
    "BUL": ("Sofia", 23.32, 42.7),
    "GRE": ("Athens", 23.73, 37.98),
    "MOR": ("Rabat", -6.84, 34.02),
    "ALG": ("Algiers", 3.06, 36.75),
    "TUN": ("Tunis", 10.18, 36.81),
    "EGY": ("Alexandria", 29.92, 31.2),
    "LEV": ("Damascus", 36.29, 33.51),
}


@dataclass(frozen=True)
class Port:
    name: str
    off: str  # the territory whose coast it lies on
    lon: float
    lat: float


PORTS: dict[str, Port] = {
    # the powers' home ports
    "NNS": Port("Rosyth", "SCO", -3.45, 56.03),
    "IRI": Port("Liverpool", "LAN", -3.0, 53.45),
    "ENG": Port("Portsmouth", "WSX", -1.09, 50.8),
    "BIS": Port("Brest", "BRT", -4.49, 48.39),
    "LYO": Port("Toulon", "PRO", 5.93, 43.12),
    "CAN": Port("Bilbao", "BSQ", -2.93, 43.26),
    "BAL": Port("Barcelona", "CAT", 2.17, 41.39),
    "GCA": Port("Cadiz", "AND", -6.29, 36.53),
    "LIG": Port("Genoa", "PIE", 8.93, 44.41),
    "NAD": Port("Venice", "VEN", 12.33, 45.44),
    "TYS": Port("Naples", "CAM", 14.27, 40.85),
    "HEL": Port("Wilhelmshaven", "LSX", 8.13, 53.52),
    "WBA": Port("Kiel", "SHL", 10.3, 54.5),
    "NWS": Port("Bergen", "VES", 5.32, 60.39),
    "SKA": Port("Kristiansand", "ENO", 7.99, 58.15),
    "EBA": Port("Stockholm", "SVE", 18.07, 59.33),
    "SBA": Port("Gdansk", "POM", 18.65, 54.35),
    "GOF": Port("Kronstadt", "ING", 29.77, 59.99),
    "WHI": Port("Arkhangelsk", "ARK", 40.54, 64.54),
    "AZO": Port("Taganrog", "DON", 38.9, 47.22),
    "MRM": Port("Constantinople", "CON", 28.98, 41.01),
    "ICA": Port("Smyrna", "SMY", 27.14, 38.42),
    "EBS": Port("Sinop", "PON", 35.15, 42.02),
    "CAD": Port("Split", "CRO", 16.44, 43.51),
    "SAD": Port("Kotor", "MNE", 18.77, 42.42),
    # neutral ports
    "SNS": Port("Rotterdam", "HOL", 4.48, 51.92),
    "KAT": Port("Copenhagen", "DEN", 12.57, 55.68),
    "GOR": Port("Riga", "LAT", 24.1, 56.95),
    "CEL": Port("Cork", "IRE", -8.47, 51.9),
    "MAT": Port("Lisbon", "POR", -9.14, 38.72),
    "ALN": Port("Tangier", "MOR", -5.81, 35.76),
    "ALS": Port("Algiers", "ALG", 3.06, 36.75),
    "MYR": Port("Piraeus", "GRE", 23.64, 37.94),
    "WBS": Port("Odessa", "KHE", 30.73, 46.48),
    "LVS": Port("Alexandria", "EGY", 29.92, 31.2),
}


@dataclass(frozen=True)
class Power:
    name: str
    adjective: str
    colour: str
    aliases: tuple[str, ...]
    homes: tuple[str, ...]


# Colours keep clear of the sea's blue and of one another, and carry black text.
POWERS: dict[str, Power] = {
    "BRITAIN": Power("Britain", "British", "#e5625c", ("BRI", "UK", "England"),
                     ("SCO", "NUM", "LAN", "WAL", "WSX", "LON")),
    "FRANCE": Power("France", "French", "#b8a4e3", ("FRA",),
                    ("BRT", "NRM", "PIC", "IDF", "BUR", "AQU", "PRO")),
    "SPAIN": Power("Spain", "Spanish", "#f4c542", ("SPA", "ESP", "España"),
                   ("GAL", "BSQ", "CAT", "CAS", "VAL", "AND")),
    "ITALY": Power("Italy", "Italian", "#5cb86a", ("ITA", "Italia"),
                   ("PIE", "LOM", "VEN", "TUS", "LAZ", "CAM", "APU")),
    "GERMANY": Power("Germany", "German", "#a3a3a3", ("GER", "Deutschland"),
                     ("SHL", "LSX", "RHI", "BRA", "SAX", "BAV", "SWA")),
    "SCANDINAVIA": Power("Scandinavia", "Scandinavian", "#6cc4b0", ("SCA", "Skandinávie"),
                         ("ENO", "VES", "NNO", "GOT", "SVE", "NRL")),
    "VISEGRAD": Power("Visegrad", "Visegrad", "#c7976b", ("VIS", "V4", "Visegrád"),
                      ("POM", "GPL", "MAZ", "LPL", "BOH", "SVK", "HUN")),
    "RUSSIA": Power("Russia", "Russian", "#eb9fc9", ("RUS",),
                    ("ING", "KAR", "ARK", "MOS", "VOL", "DON")),
    "TURKEY": Power("Turkey", "Turkish", "#f59a45", ("TUR", "Türkiye"),
                    ("CON", "BIT", "SMY", "ANA", "PON", "CIL")),
    "YUGOSLAVIA": Power("Yugoslavia", "Yugoslav", "#b5d96a", ("YUG", "Balkans", "Jugoslávie"),
                        ("SLV", "CRO", "BOS", "SER", "MNE", "MAC")),
}  # fmt: skip

# What the generator's pipeline reads.
SEEDS: dict[str, tuple[Place, ...]] = {
    code: area.seeds for code, area in sorted({**LAND, **SEA}.items())
}
# Hand-placed unit or label points where the automatic choice is poor: code -> (lon, lat).
UNIT_POINTS: dict[str, Place] = {}
LABEL_POINTS: dict[str, Place] = {}
