"""Hand-written geography: which countries grow together, where each province's seeds are,
the straits the board bridges, the 1901 borders that differ from today's, and the cities.

Every coordinate here is an approximate (lon, lat) in degrees of a real place; names are for the
reader. Province shapes come from growing these seeds inside country outlines, so moving a seed
moves a border. Nothing here depends on the projection.
"""

from __future__ import annotations

Place = tuple[str, float, float]  # (name, lon, lat)

# Label of land no seed reaches, and of water no seed reaches.
OFF_LAND = "_OFFLAND"
OFF_WATER = "_OFFWATER"
IMPASSABLE = "SWI"

# Countries (Natural Earth ADM0_A3) grown together. Where a modern border is also the 1901 border
# of a board province, the country is a group of its own, so that border survives unchanged;
# the old empires (and the Balkans carved out of them) are grown as one block. Countries in no
# group are off-board land.
GROUPS: dict[str, tuple[str, ...]] = {
    "PORTUGAL": ("PRT",),
    "SPAIN": ("ESP", "AND", "GIB"),
    "FRANCE": ("FRA", "MCO"),
    "BELGIUM": ("BEL", "LUX"),
    "NETHERLANDS": ("NLD",),
    "NORWAY": ("NOR",),
    "SWEDEN": ("SWE",),
    "DENMARK": ("DNK",),
    "FINLAND": ("FIN", "ALD"),
    "BRITAIN": ("GBR", "IMN"),
    "MAGHREB": ("MAR", "DZA", "SAH"),
    "TUNISIA": ("TUN",),
    "SWITZERLAND": ("CHE", "LIE"),
    "ITALY": ("ITA", "SMR", "VAT"),
    "EMPIRES": (
        "DEU", "POL", "CZE", "SVK", "AUT", "HUN", "SVN", "HRV", "BIH", "SRB", "MNE", "KOS",
        "ALB", "MKD", "GRC", "BGR", "ROU", "MDA", "UKR", "BLR", "LTU", "LVA", "EST", "RUS",
        "KAZ", "TUR", "GEO", "ARM", "AZE", "SYR", "LBN",
    ),
}  # fmt: skip

# The whole group is this one label, with no growing.
WHOLE_GROUP_LABEL = {"SWITZERLAND": IMPASSABLE}

# Land that changed hands after 1901: (from group, to group, outline). Applied before growing.
OVERRIDES: tuple[tuple[str, str, str, tuple[tuple[float, float], ...]], ...] = (
    (
        "FRANCE",
        "EMPIRES",
        "Alsace-Lorraine, German 1871-1918",
        (
            (5.85, 49.6), (5.95, 49.2), (6.0, 48.98), (6.45, 48.8), (6.85, 48.62), (7.1, 48.5),
            (7.02, 48.1), (6.84, 47.82), (6.95, 47.62), (7.05, 47.45), (7.8, 47.4), (8.6, 47.6),
            (8.6, 49.6),
        ),
    ),
    (
        "DENMARK",
        "EMPIRES",
        "North Schleswig, Prussian 1864-1920",
        ((7.5, 54.6), (10.15, 54.6), (10.15, 55.1), (9.75, 55.17), (9.6, 55.47), (7.5, 55.47)),
    ),
    (
        "ITALY",
        "EMPIRES",
        "Trentino and South Tyrol, Austrian until 1918",
        (
            (10.2, 46.65), (10.45, 46.52), (10.52, 46.2), (10.5, 45.88), (10.84, 45.84),
            (11.15, 45.72), (11.45, 45.85), (11.75, 45.95), (11.95, 46.12), (12.1, 46.3),
            (12.32, 46.5), (12.55, 46.62), (12.75, 46.75), (12.75, 47.3), (10.2, 47.3),
        ),
    ),
    (
        "ITALY",
        "EMPIRES",
        "Gorizia and Trieste, Austrian until 1918",
        ((13.36, 46.5), (13.4, 46.1), (13.38, 45.62), (14.3, 45.4), (14.3, 46.5)),
    ),
    (
        "EMPIRES",
        "FINLAND",
        "Old Finnish Karelia, Finnish until 1940",
        (
            (27.6, 60.45), (29.95, 60.12), (30.6, 60.5), (31.2, 61.0), (32.3, 61.3),
            (31.9, 61.9), (31.5, 62.6), (31.2, 62.7), (29.8, 62.0), (28.0, 61.0),
        ),
    ),
)  # fmt: skip

# Modern frontiers that are also borders between two board provinces (the old crown lands,
# the Balkan states of 1901): growing prefers to put province borders on them.
RIDGES: tuple[tuple[str, str], ...] = (
    ("DEU", "CZE"), ("DEU", "AUT"), ("CZE", "AUT"), ("CZE", "POL"), ("CZE", "SVK"),
    ("AUT", "SVN"), ("AUT", "HUN"), ("HUN", "HRV"),
    ("SRB", "BIH"), ("SRB", "MNE"), ("KOS", "MNE"), ("SRB", "BGR"), ("MKD", "BGR"),
    ("SRB", "ROU"), ("BGR", "ROU"), ("BGR", "TUR"), ("GRC", "TUR"),
    ("ALB", "MNE"), ("ALB", "KOS"), ("ALB", "MKD"), ("ALB", "GRC"), ("GRC", "MKD"),
    ("RUS", "EST"), ("RUS", "GEO"), ("RUS", "AZE"),
)  # fmt: skip

# Straits the board treats as land: (group, name, polyline, width in board pixels).
# The Danish straits make Denmark touch Sweden and cut the Skagerrak off from the Baltic; the
# Turkish straits make Constantinople one piece and keep the Aegean and the Black Sea apart.
BRIDGES: tuple[tuple[str, str, tuple[tuple[float, float], ...], float], ...] = (
    ("DENMARK", "Oresund", ((12.50, 56.00), (12.66, 56.04), (12.80, 56.07)), 6.0),
    ("DENMARK", "Great Belt", ((10.70, 55.30), (10.95, 55.32), (11.20, 55.34)), 3.0),
    ("DENMARK", "Little Belt", ((9.66, 55.50), (9.74, 55.53), (9.82, 55.57)), 3.0),
    ("EMPIRES", "Bosporus", ((28.98, 41.12), (29.06, 41.09), (29.14, 41.07)), 3.0),
    ("EMPIRES", "Dardanelles", ((26.32, 40.12), (26.39, 40.15), (26.46, 40.18)), 3.0),
)

# Straits cut open as water where the raster would close them: (name, polyline, width in board
# pixels). The standard board needs none.
CHANNELS: tuple[tuple[str, tuple[tuple[float, float], ...], float], ...] = ()

# About five places inside each province, spread over it. Seas get points of open water.
SEEDS: dict[str, tuple[Place, ...]] = {
    # --- Britain
    "CLY": (
        ("Glasgow", -4.25, 55.86), ("Ayr", -4.63, 55.46), ("Fort William", -5.1, 56.82),
        ("Ullapool", -5.16, 57.9), ("Durness", -4.75, 58.55), ("Oban", -5.47, 56.41),
        ("Rannoch Moor", -4.6, 56.65),
    ),
    "EDI": (
        ("Edinburgh", -3.19, 55.95), ("Aberdeen", -2.1, 57.15), ("Dundee", -2.97, 56.46),
        ("Inverness", -4.22, 57.48), ("Wick", -3.09, 58.44), ("Hawick", -2.79, 55.42),
    ),
    "LVP": (
        ("Liverpool", -2.98, 53.41), ("Manchester", -2.24, 53.48), ("Lancaster", -2.8, 54.05),
        ("Carlisle", -2.93, 54.89), ("Dumfries", -3.6, 55.07), ("Stranraer", -5.03, 54.9),
        ("Pennines", -2.1, 54.1), ("Galloway Hills", -4.4, 55.05),
    ),
    "YOR": (
        ("York", -1.08, 53.96), ("Newcastle", -1.61, 54.97), ("Hull", -0.34, 53.74),
        ("Lincoln", -0.54, 53.23), ("Nottingham", -1.15, 52.95),
    ),
    "WAL": (
        ("Cardiff", -3.18, 51.48), ("Aberystwyth", -4.08, 52.41), ("Bangor", -4.13, 53.23),
        ("Plymouth", -4.14, 50.37), ("Exeter", -3.53, 50.72), ("Shrewsbury", -2.75, 52.71),
        ("Penzance", -5.54, 50.12), ("Bristol", -2.59, 51.45), ("Stoke", -2.18, 53.0),
    ),
    "LON": (
        ("London", -0.13, 51.51), ("Southampton", -1.4, 50.9), ("Norwich", 1.3, 52.63),
        ("Cambridge", 0.12, 52.2), ("Dover", 1.31, 51.13), ("Oxford", -1.26, 51.75),
        ("Northampton", -0.9, 52.24),
    ),
    # --- France
    "BRE": (
        ("Brest", -4.49, 48.39), ("Rennes", -1.68, 48.11), ("Saint-Brieuc", -2.76, 48.51),
        ("Cherbourg", -1.62, 49.64), ("Caen", -0.37, 49.18), ("Vannes", -2.76, 47.66),
        ("Laval", -0.77, 48.07),
    ),
    "PIC": (
        ("Amiens", 2.3, 49.89), ("Calais", 1.86, 50.95), ("Lille", 3.06, 50.63),
        ("Rouen", 1.1, 49.44), ("Saint-Quentin", 3.29, 49.85),
    ),
    "PAR": (
        ("Paris", 2.35, 48.86), ("Orleans", 1.91, 47.9), ("Le Mans", 0.2, 48.0),
        ("Tours", 0.69, 47.39), ("Chartres", 1.49, 48.45), ("Bourges", 2.4, 47.08),
    ),
    "BUR": (
        ("Dijon", 5.04, 47.32), ("Reims", 4.03, 49.26), ("Nancy", 6.18, 48.69),
        ("Lyon", 4.84, 45.76), ("Besancon", 6.02, 47.24), ("Troyes", 4.07, 48.3),
        ("Nevers", 3.16, 46.99), ("Verdun", 5.38, 49.16),
    ),
    "GAS": (
        ("Bordeaux", -0.58, 44.84), ("Toulouse", 1.44, 43.6), ("Limoges", 1.26, 45.83),
        ("Poitiers", 0.34, 46.58), ("Clermont-Ferrand", 3.08, 45.78), ("Bayonne", -1.47, 43.49),
        ("La Rochelle", -1.15, 46.16), ("Nantes", -1.55, 47.22),
    ),
    "MAR": (
        ("Marseille", 5.37, 43.3), ("Montpellier", 3.88, 43.61), ("Nice", 7.26, 43.7),
        ("Grenoble", 5.72, 45.19), ("Avignon", 4.81, 43.95), ("Perpignan", 2.9, 42.7),
        ("Valence", 4.89, 44.93), ("Chambery", 5.92, 45.57),
    ),
    # --- Iberia, Low Countries, Scandinavia, North Africa: one province per country group
    "POR": (("Lisbon", -9.14, 38.72), ("Porto", -8.61, 41.15), ("Faro", -7.93, 37.02)),
    "SPA": (("Madrid", -3.7, 40.42), ("Barcelona", 2.17, 41.39), ("Seville", -5.98, 37.39)),
    "BEL": (("Brussels", 4.35, 50.85), ("Luxembourg", 6.13, 49.61)),
    "HOL": (("Amsterdam", 4.9, 52.37), ("Groningen", 6.57, 53.22)),
    "NWY": (("Oslo", 10.75, 59.91), ("Trondheim", 10.4, 63.43), ("Tromso", 18.96, 69.65)),
    "SWE": (("Stockholm", 18.07, 59.33), ("Malmo", 13.0, 55.6), ("Lulea", 22.15, 65.58)),
    "DEN": (
        ("Copenhagen", 12.57, 55.68), ("Aarhus", 10.2, 56.16), ("Odense", 10.39, 55.4),
        ("Nakskov", 11.13, 54.83), ("Nykobing Falster", 11.87, 54.77),
    ),
    "FIN": (("Helsinki", 24.94, 60.17), ("Oulu", 25.47, 65.01), ("Vyborg", 28.73, 60.71)),
    "NAF": (("Algiers", 3.06, 36.75), ("Rabat", -6.84, 34.02)),
    "TUN": (("Tunis", 10.18, 36.81), ("Sfax", 10.76, 34.74)),
    # --- Italy (Trentino and Trieste grow with Austria, see OVERRIDES)
    "PIE": (
        ("Turin", 7.68, 45.07), ("Aosta", 7.32, 45.74), ("Genoa", 8.93, 44.41),
        ("Cuneo", 7.55, 44.39), ("Novara", 8.62, 45.45), ("Sondrio", 9.87, 46.17),
        ("Milan", 9.19, 45.46),
    ),
    "VEN": (
        ("Venice", 12.33, 45.44), ("Verona", 10.99, 45.44), ("Padua", 11.88, 45.41),
        ("Bologna", 11.34, 44.49), ("Udine", 13.23, 46.06), ("Brescia", 10.21, 45.54),
        ("Ravenna", 12.2, 44.42), ("Ancona", 13.52, 43.62),
    ),
    "TUS": (
        ("Florence", 11.26, 43.77), ("Pisa", 10.4, 43.72), ("Siena", 11.33, 43.32),
        ("La Spezia", 9.82, 44.1), ("Grosseto", 11.11, 42.76),
    ),
    "ROM": (
        ("Rome", 12.5, 41.9), ("Perugia", 12.39, 43.11), ("Viterbo", 12.1, 42.42),
        ("Latina", 12.9, 41.47), ("Terni", 12.65, 42.56), ("Cassino", 13.83, 41.49),
    ),
    "APU": (
        ("Bari", 16.87, 41.12), ("Foggia", 15.55, 41.46), ("Pescara", 14.21, 42.46),
        ("Lecce", 18.17, 40.35), ("Taranto", 17.24, 40.47), ("Campobasso", 14.66, 41.56),
    ),
    "NAP": (
        ("Naples", 14.27, 40.85), ("Salerno", 14.77, 40.68), ("Potenza", 15.8, 40.64),
        ("Cosenza", 16.25, 39.3), ("Reggio Calabria", 15.65, 38.11), ("Catanzaro", 16.59, 38.9),
    ),
    # --- Germany
    "KIE": (
        ("Kiel", 10.12, 54.32), ("Hamburg", 9.99, 53.55), ("Bremen", 8.8, 53.08),
        ("Hanover", 9.73, 52.37), ("Flensburg", 9.43, 54.79), ("Luebeck", 10.69, 53.87),
        ("Emden", 7.2, 53.37), ("Osnabrueck", 8.05, 52.28), ("Haderslev", 9.49, 55.25),
    ),
    "BER": (
        ("Berlin", 13.4, 52.52), ("Rostock", 12.1, 54.09), ("Stettin", 14.55, 53.43),
        ("Magdeburg", 11.63, 52.13), ("Stralsund", 13.08, 54.31), ("Frankfurt Oder", 14.55, 52.34),
    ),
    "MUN": (
        ("Munich", 11.58, 48.14), ("Nuremberg", 11.08, 49.45), ("Stuttgart", 9.18, 48.78),
        ("Dresden", 13.74, 51.05), ("Leipzig", 12.37, 51.34), ("Erfurt", 11.03, 50.98),
        ("Strasbourg", 7.75, 48.58), ("Freiburg", 7.85, 48.0), ("Wuerzburg", 9.93, 49.79),
        ("Goettingen", 9.93, 51.54), ("Halle", 11.97, 51.48),
    ),
    "RUH": (
        ("Cologne", 6.96, 50.94), ("Duesseldorf", 6.77, 51.23), ("Dortmund", 7.47, 51.51),
        ("Muenster", 7.63, 51.96), ("Koblenz", 7.59, 50.36), ("Saarbruecken", 7.0, 49.24),
        ("Metz", 6.17, 49.12), ("Kassel", 9.48, 51.31),
    ),
    "PRU": (
        ("Koenigsberg", 20.5, 54.71), ("Danzig", 18.65, 54.35), ("Elbing", 19.4, 54.16),
        ("Allenstein", 20.48, 53.78), ("Koeslin", 16.18, 54.19), ("Bromberg", 18.0, 53.12),
        ("Tilsit", 21.87, 55.08),
    ),
    "SIL": (
        ("Breslau", 17.04, 51.11), ("Oppeln", 17.93, 50.67), ("Kattowitz", 19.02, 50.26),
        ("Posen", 16.93, 52.41), ("Gruenberg", 15.5, 51.94), ("Goerlitz", 14.99, 51.15),
    ),
    # --- Austria-Hungary
    "BOH": (
        ("Prague", 14.42, 50.08), ("Pilsen", 13.38, 49.75), ("Brno", 16.61, 49.2),
        ("Budweis", 14.47, 48.97), ("Hradec Kralove", 15.83, 50.21), ("Olomouc", 17.25, 49.59),
    ),
    "VIE": (
        ("Vienna", 16.37, 48.21), ("Linz", 14.29, 48.31), ("Graz", 15.44, 47.07),
        ("Bratislava", 17.1, 48.15), ("Klagenfurt", 14.31, 46.62), ("Trnava", 17.59, 48.38),
        ("Nitra", 18.09, 48.31),
    ),
    "TYR": (
        ("Innsbruck", 11.4, 47.27), ("Bolzano", 11.35, 46.5), ("Trento", 11.12, 46.07),
        ("Salzburg", 13.04, 47.8), ("Lienz", 12.77, 46.83), ("Schaerding", 13.43, 48.46),
        ("Bregenz", 9.75, 47.5), ("Villach", 13.85, 46.61),
    ),
    "TRI": (
        ("Trieste", 13.77, 45.65), ("Ljubljana", 14.51, 46.05), ("Zagreb", 15.98, 45.81),
        ("Split", 16.44, 43.51), ("Sarajevo", 18.41, 43.86), ("Banja Luka", 17.19, 44.77),
        ("Kotor", 18.77, 42.42), ("Podgorica", 19.26, 42.44), ("Rijeka", 14.44, 45.33),
        ("Maribor", 15.65, 46.55), ("Mostar", 17.81, 43.34),
    ),
    "BUD": (
        ("Budapest", 19.04, 47.5), ("Debrecen", 21.63, 47.53), ("Szeged", 20.15, 46.25),
        ("Kosice", 21.26, 48.72), ("Cluj", 23.6, 46.77), ("Novi Sad", 19.84, 45.27),
        ("Timisoara", 21.23, 45.75), ("Brasov", 25.6, 45.65), ("Osijek", 18.69, 45.55),
        ("Gyor", 17.63, 47.68), ("Pecs", 18.23, 46.07),
    ),
    "GAL": (
        ("Krakow", 19.94, 50.06), ("Lviv", 24.03, 49.84), ("Przemysl", 22.77, 49.78),
        ("Ivano-Frankivsk", 24.71, 48.92), ("Chernivtsi", 25.94, 48.29), ("Zilina", 18.74, 49.22),
        ("Tarnow", 20.99, 50.01), ("Poprad", 20.3, 49.06), ("Ternopil", 25.59, 49.55),
    ),
    # --- Russia
    "WAR": (
        ("Warsaw", 21.01, 52.23), ("Lodz", 19.46, 51.76), ("Bialystok", 23.16, 53.13),
        ("Lublin", 22.57, 51.25), ("Brest-Litovsk", 23.7, 52.1), ("Vilnius", 25.28, 54.69),
        ("Kielce", 20.63, 50.87), ("Grodno", 23.83, 53.68), ("Pinsk", 26.1, 52.11),
    ),
    "LVN": (
        ("Riga", 24.1, 56.95), ("Tallinn", 24.75, 59.44), ("Tartu", 26.72, 58.38),
        ("Pskov", 28.33, 57.82), ("Kaunas", 23.9, 54.9), ("Daugavpils", 26.53, 55.87),
        ("Liepaja", 21.0, 56.5), ("Klaipeda", 21.13, 55.7), ("Parnu", 24.5, 58.39),
    ),
    "STP": (
        ("Saint Petersburg", 30.32, 59.94), ("Novgorod", 31.27, 58.52),
        ("Arkhangelsk", 40.54, 64.54), ("Murmansk", 33.08, 68.97), ("Petrozavodsk", 34.35, 61.79),
        ("Vologda", 39.89, 59.22), ("Kotlas", 46.65, 61.25), ("Syktyvkar", 50.84, 61.67),
        ("Naryan-Mar", 53.0, 67.64), ("Vorkuta", 64.0, 67.5), ("Kandalaksha", 32.41, 67.15),
        ("Ukhta", 53.7, 63.56), ("Salekhard", 66.6, 66.53),
    ),
    "MOS": (
        ("Moscow", 37.62, 55.75), ("Smolensk", 32.05, 54.78), ("Minsk", 27.56, 53.9),
        ("Vitebsk", 30.2, 55.19), ("Tula", 37.62, 54.19), ("Voronezh", 39.2, 51.66),
        ("Nizhny Novgorod", 44.0, 56.33), ("Kazan", 49.1, 55.79), ("Saratov", 46.03, 51.53),
        ("Samara", 50.1, 53.2), ("Yaroslavl", 39.89, 57.63), ("Perm", 56.25, 58.0),
        ("Ufa", 55.96, 54.73), ("Yekaterinburg", 60.6, 56.84), ("Orenburg", 55.1, 51.77),
        ("Tyumen", 65.53, 57.15), ("Kostanay", 63.62, 53.21),
    ),
    "UKR": (
        ("Kyiv", 30.52, 50.45), ("Kharkiv", 36.23, 49.99), ("Vinnytsia", 28.47, 49.23),
        ("Zhytomyr", 28.66, 50.25), ("Poltava", 34.55, 49.59), ("Chernihiv", 31.29, 51.5),
        ("Dnipro", 35.04, 48.46), ("Kropyvnytskyi", 32.26, 48.51), ("Kursk", 36.19, 51.73),
    ),
    "SEV": (
        ("Sevastopol", 33.52, 44.62), ("Odessa", 30.73, 46.48), ("Kherson", 32.62, 46.64),
        ("Rostov", 39.72, 47.23), ("Krasnodar", 38.98, 45.04), ("Stavropol", 41.97, 45.04),
        ("Volgograd", 44.51, 48.71), ("Astrakhan", 48.03, 46.35), ("Mariupol", 37.55, 47.1),
        ("Makhachkala", 47.5, 42.98), ("Grozny", 45.69, 43.32), ("Simferopol", 34.1, 44.95),
        ("Elista", 44.27, 46.31), ("Atyrau", 51.92, 47.11), ("Uralsk", 51.37, 51.23),
    ),
    # --- Balkans
    "SER": (
        ("Belgrade", 20.46, 44.82), ("Nis", 21.9, 43.32), ("Kragujevac", 20.91, 44.01),
        ("Skopje", 21.43, 42.0), ("Novi Pazar", 20.52, 43.14), ("Pristina", 21.17, 42.67),
    ),
    "ALB": (
        ("Tirana", 19.82, 41.33), ("Shkoder", 19.51, 42.07), ("Vlore", 19.49, 40.47),
        ("Korce", 20.78, 40.62), ("Elbasan", 20.08, 41.11),
    ),
    "GRE": (
        ("Athens", 23.73, 37.98), ("Larissa", 22.42, 39.64), ("Ioannina", 20.85, 39.66),
        ("Patras", 21.73, 38.25), ("Kalamata", 22.11, 37.04), ("Thessaloniki", 22.94, 40.64),
        ("Bitola", 21.33, 41.03), ("Lamia", 22.43, 38.9),
        ("Euboea", 23.75, 38.6),
    ),
    "BUL": (
        ("Sofia", 23.32, 42.7), ("Plovdiv", 24.75, 42.15), ("Varna", 27.91, 43.21),
        ("Burgas", 27.47, 42.5), ("Alexandroupoli", 25.87, 40.85), ("Kavala", 24.41, 40.94),
        ("Ruse", 25.97, 43.85), ("Komotini", 25.4, 41.12),
    ),
    "RUM": (
        ("Bucharest", 26.1, 44.43), ("Iasi", 27.6, 47.16), ("Constanta", 28.63, 44.17),
        ("Craiova", 23.8, 44.32), ("Galati", 28.05, 45.44), ("Chisinau", 28.86, 47.01),
        ("Bacau", 26.91, 46.57),
    ),
    # --- Ottoman Empire
    "CON": (
        ("Constantinople", 28.98, 41.01), ("Edirne", 26.56, 41.68), ("Tekirdag", 27.51, 40.98),
        ("Izmit", 29.92, 40.77), ("Gallipoli", 26.67, 40.41), ("Uskudar", 29.03, 41.03),
        ("Kirklareli", 27.22, 41.74),
    ),
    "ANK": (
        ("Ankara", 32.85, 39.93), ("Samsun", 36.33, 41.29), ("Sinop", 35.15, 42.02),
        ("Zonguldak", 31.79, 41.45), ("Kastamonu", 33.78, 41.38), ("Corum", 34.95, 40.55),
        ("Tokat", 36.55, 40.31), ("Adapazari", 30.4, 40.78), ("Eskisehir", 30.52, 39.78),
        ("Yozgat", 34.8, 39.82),
    ),
    "SMY": (
        ("Smyrna", 27.14, 38.42), ("Bursa", 29.06, 40.19), ("Balikesir", 27.88, 39.65),
        ("Afyon", 30.54, 38.76), ("Konya", 32.49, 37.87), ("Antalya", 30.71, 36.9),
        ("Mersin", 34.64, 36.8), ("Denizli", 29.09, 37.78), ("Canakkale", 26.41, 40.12),
        ("Kayseri", 35.48, 38.73), ("Nigde", 34.68, 37.97),
    ),
    "ARM": (
        ("Erzurum", 41.27, 39.9), ("Trabzon", 39.72, 41.0), ("Van", 43.38, 38.5),
        ("Kars", 43.1, 40.6), ("Tbilisi", 44.79, 41.72), ("Yerevan", 44.51, 40.18),
        ("Baku", 49.87, 40.41), ("Sivas", 37.01, 39.75), ("Malatya", 38.31, 38.35),
        ("Kutaisi", 42.7, 42.27),
    ),
    "SYR": (
        ("Adana", 35.32, 37.0), ("Aleppo", 37.16, 36.2), ("Damascus", 36.29, 33.51),
        ("Gaziantep", 37.38, 37.07), ("Homs", 36.72, 34.73), ("Beirut", 35.5, 33.89),
        ("Urfa", 38.79, 37.16), ("Deir ez-Zor", 40.14, 35.34), ("Diyarbakir", 40.23, 37.91),
    ),
    # --- Seas
    "NAO": (
        ("Rockall", -13.7, 57.6), ("west of Ireland", -15.0, 53.0), ("Irminger Sea", -30.0, 60.0),
        ("mid-Atlantic", -30.0, 50.0), ("south of Iceland", -18.0, 62.0),
        ("North Channel", -6.1, 55.45), ("off Girvan", -5.2, 55.2), ("Hebrides", -8.0, 57.5),
        ("north of Ireland", -8.5, 56.0),
        ("Denmark Strait", -27.0, 66.0),
    ),
    "NWG": (
        ("Faroe-Shetland", -4.0, 61.5), ("Norwegian Basin", 2.0, 66.0), ("Lofoten", 8.0, 69.0),
        ("Jan Mayen", -8.0, 71.0), ("off Cape Wrath", -4.5, 59.4), ("off Orkney", -2.5, 59.4),
        ("off Trondheim", 6.0, 64.0), ("north of Iceland", -16.0, 68.5),
    ),
    "BAR": (
        ("Barents Sea", 38.0, 72.0), ("off North Cape", 26.0, 72.0), ("White Sea", 38.0, 65.5),
        ("Pechora Sea", 55.0, 70.0), ("Kara Sea", 70.0, 73.0), ("off Murmansk", 35.0, 70.0),
        ("Svalbard Bank", 20.0, 74.5),
    ),
    "NTH": (
        ("Dogger Bank", 2.0, 55.0), ("Norfolk banks", 2.5, 53.0), ("Fisher Bank", 4.5, 57.5),
        ("off Aberdeen", -0.5, 57.5), ("off Stavanger", 3.5, 59.5), ("off Jutland", 7.0, 56.3),
        ("off Zeeland", 3.3, 51.75), ("Viking Bank", 2.0, 60.0),
    ),
    "SKA": (
        ("Skagerrak", 9.5, 57.9), ("Kattegat", 11.6, 56.8), ("off Skagen", 10.9, 57.8),
        ("south Kattegat", 11.6, 56.15), ("off Kristiansand", 8.3, 57.9),
    ),
    "HEL": (
        ("German Bight", 7.5, 54.2), ("off Sylt", 7.8, 55.0), ("off Wangerooge", 7.8, 53.9),
        ("off Borkum", 6.4, 53.75),
    ),
    "BAL": (
        ("Gotland Deep", 19.5, 57.0), ("Bornholm Basin", 15.5, 55.2), ("off Gdansk", 18.8, 55.0),
        ("Gulf of Riga", 23.5, 57.6), ("off Liepaja", 20.3, 56.5), ("Arkona Basin", 13.2, 54.8),
        ("Kiel Bay", 10.6, 54.5), ("off Gotska", 19.6, 58.7), ("Fehmarn Belt", 11.3, 54.4),
    ),
    "BOT": (
        ("Bothnian Sea", 19.8, 61.5), ("Bothnian Bay", 23.0, 64.8), ("Quark", 21.0, 63.5),
        ("Gulf of Finland", 25.5, 59.9), ("off Kronstadt", 29.0, 60.0),
        ("Sea of Aland", 19.3, 60.0), ("Archipelago Sea", 21.3, 59.7),
    ),
    "IRI": (
        ("Irish Sea", -5.0, 53.8), ("St George's Channel", -5.7, 52.2),
        ("Celtic Sea", -7.0, 51.0), ("Bristol Channel", -4.3, 51.3), ("Solway", -4.0, 54.6),
        ("off Land's End", -6.3, 49.9),
    ),
    "ENG": (
        ("Channel", -2.5, 50.0), ("Dover Strait", 1.55, 50.8), ("off Roscoff", -4.0, 49.3),
        ("off Dunkirk", 2.2, 51.2),
        ("Bay of Seine", -0.5, 49.6), ("off Portland", -2.5, 50.4),
    ),
    "MAO": (
        ("Bay of Biscay", -4.0, 45.0), ("west of Portugal", -12.0, 40.0), ("Azores", -25.0, 38.5),
        ("Madeira", -17.0, 33.0), ("Gulf of Cadiz", -7.8, 36.5), ("west of Brittany", -9.0, 47.5),
        ("off Morocco", -10.0, 31.0), ("Canaries", -18.0, 28.0), ("mid-ocean", -30.0, 42.0),
        ("off Galicia", -9.7, 43.8), ("Iroise", -5.3, 48.1), ("off Belle-Ile", -3.5, 47.1),
    ),
    "WES": (
        ("Balearic Sea", 2.5, 39.0), ("Alboran Sea", -3.5, 36.2), ("Algerian Basin", 4.0, 38.0),
        ("off Oran", -0.5, 36.3), ("off Annaba", 7.8, 37.5), ("off Cartagena", -0.5, 37.4),
    ),
    "LYO": (
        ("Gulf of Lyon", 4.5, 42.8), ("Ligurian Sea", 8.5, 43.9), ("off Menorca", 5.5, 41.5),
        ("off Toulon", 6.5, 42.8), ("off Genoa", 9.3, 44.0),
    ),
    "TYS": (
        ("Tyrrhenian Sea", 12.0, 40.0), ("off Palermo", 13.0, 38.6), ("off Naples", 14.0, 40.3),
        ("off Elba", 10.6, 42.4), ("Sardinia Channel", 10.4, 38.0), ("off Rome", 11.8, 41.4),
        ("off Calabria", 15.2, 39.2),
    ),
    "ION": (
        ("Ionian Sea", 18.0, 37.5), ("Gulf of Taranto", 17.3, 39.7), ("Sidra", 18.5, 33.0),
        ("off Malta", 15.5, 35.0), ("off Kythira", 21.8, 36.2), ("off Corfu", 19.3, 39.5),
        ("Gulf of Gabes", 11.8, 34.2), ("off Benghazi", 20.5, 34.0),
        ("Strait of Otranto", 18.9, 40.0),
    ),
    "ADR": (
        ("Adriatic", 15.5, 43.0), ("off Ancona", 14.0, 44.0), ("off Dubrovnik", 17.6, 42.2),
        ("off Venice", 12.9, 45.0), ("off Bari", 17.5, 41.7), ("off Durres", 19.0, 41.2),
    ),
    "AEG": (
        ("Aegean", 25.0, 39.0), ("Cyclades", 25.0, 37.3), ("Thracian Sea", 25.2, 40.5),
        ("off Euboea", 24.3, 38.6), ("Dodecanese", 26.6, 36.8), ("Thermaic", 23.3, 40.0),
        ("off Lesbos", 26.0, 39.5), ("Myrtoan Sea", 23.7, 36.9),
    ),
    "EAS": (
        ("Levantine Sea", 33.0, 34.0), ("south of Rhodes", 28.5, 35.6),
        ("off Alexandria", 29.5, 32.5),
        ("off Antalya", 31.0, 35.8), ("off Haifa", 34.3, 32.9), ("south of Crete", 25.0, 34.3),
        ("off Iskenderun", 35.6, 36.3),
    ),
    "BLA": (
        ("Black Sea", 34.0, 43.0), ("off Varna", 29.0, 43.0), ("off Batumi", 40.5, 42.0),
        ("off Odessa", 31.5, 45.8), ("Sea of Azov", 36.5, 46.0), ("off Sinop", 34.5, 42.4),
        ("off Bosporus", 29.3, 41.4),
    ),
}  # fmt: skip

# Land inside a grown group that the board leaves out (Asia and Arabia past the board's edge).
OFFBOARD_LAND_SEEDS: tuple[Place, ...] = ()

# Supply-centre cities.
CENTERS: dict[str, Place] = {
    "ANK": ("Ankara", 32.85, 39.93),
    "BEL": ("Brussels", 4.35, 50.85),
    "BER": ("Berlin", 13.4, 52.52),
    "BRE": ("Brest", -4.49, 48.39),
    "BUD": ("Budapest", 19.04, 47.5),
    "BUL": ("Sofia", 23.32, 42.7),
    "CON": ("Constantinople", 28.98, 41.01),
    "DEN": ("Copenhagen", 12.57, 55.68),
    "EDI": ("Edinburgh", -3.19, 55.95),
    "GRE": ("Athens", 23.73, 37.98),
    "HOL": ("Amsterdam", 4.9, 52.37),
    "KIE": ("Kiel", 10.12, 54.32),
    "LON": ("London", -0.13, 51.51),
    "LVP": ("Liverpool", -2.98, 53.41),
    "MAR": ("Marseille", 5.37, 43.3),
    "MOS": ("Moscow", 37.62, 55.75),
    "MUN": ("Munich", 11.58, 48.14),
    "NAP": ("Naples", 14.27, 40.85),
    "NWY": ("Christiania", 10.75, 59.91),
    "PAR": ("Paris", 2.35, 48.86),
    "POR": ("Lisbon", -9.14, 38.72),
    "ROM": ("Rome", 12.5, 41.9),
    "RUM": ("Bucharest", 26.1, 44.43),
    "SER": ("Belgrade", 20.46, 44.82),
    "SEV": ("Sevastopol", 33.52, 44.62),
    "SMY": ("Smyrna", 27.14, 38.42),
    "SPA": ("Madrid", -3.7, 40.42),
    "STP": ("Saint Petersburg", 30.32, 59.94),
    "SWE": ("Stockholm", 18.07, 59.33),
    "TRI": ("Trieste", 13.77, 45.65),
    "TUN": ("Tunis", 10.18, 36.81),
    "VEN": ("Venice", 12.33, 45.44),
    "VIE": ("Vienna", 16.37, 48.21),
    "WAR": ("Warsaw", 21.01, 52.23),
}

# Where a fleet on each coast of a split-coast province lies: a point near that stretch of coast.
COASTS: dict[str, dict[str, Place]] = {
    "STP": {"NC": ("Kola coast", 36.0, 69.0), "SC": ("Gulf of Finland shore", 28.8, 60.1)},
    "SPA": {"NC": ("Asturias coast", -5.5, 43.5), "SC": ("Costa Blanca", -0.6, 38.6)},
    "BUL": {"EC": ("Varna coast", 27.9, 42.9), "SC": ("Thracian coast", 25.3, 40.9)},
}

# Hand-placed unit or label points where the automatic choice is poor: code -> (lon, lat).
UNIT_POINTS: dict[str, Place] = {
    # The roomiest spot of the Mid-Atlantic hugs Iberia; boards put the counter out at sea.
    "MAO": ("Biscay Abyssal Plain", -12.5, 45.0),
}
LABEL_POINTS: dict[str, Place] = {
    # Left alone, the label takes the middle of Brittany, between Brest and the fleet in the
    # Cotentin, and no plain patch of the province's colour is left to show who holds it.
    "BRE": ("Broceliande forest", -2.17, 48.08),
}
