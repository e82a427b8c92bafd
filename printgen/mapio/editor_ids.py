"""heroscape-map-editor's short piece IDs (its inventory names) -> VirtualScape codes."""

_LAND = {"g": 1, "r": 2, "s": 3, "lf": 7, "rd": 8, "sn": 9, "sw": 20, "c": 21, "a": 22, "d": 26}
EDITOR_CODES: dict[str, int] = {f"{p}{n}": k * 1000 + n for p, k in _LAND.items() for n in (1, 2, 3, 7, 24)}
EDITOR_CODES.update({
    "rd5": 8005, "w1": 4001, "i1": 5001, "l1": 6001, "ws1": 19001, "sh1": 25001,
    "tr10": 10011, "tr11": 10012, "tr12": 10013, "tr15": 10004, "tp14": 24014, "tp15": 24015, "tp16": 24016,
    "tb9": 24002, "rs2": 11002, "rs3": 11003, "rm": 11006, "rmb": 11007, "h": 23006,
    "og1": 13001, "og3": 13003, "og4": 13004, "og6": 13006, "o1": 27001, "o3": 27003,
    "rw": 12004, "bt": 16301, "ld": 16402, "cg1": 16001, "cg7": 16007, "cg9": 16009,
    "cbc": 16101, "cbs": 16102, "cbe": 16103, "cwc": 16201, "cws": 16202, "cwe": 16203,
    "ca": 16401, "cab": 16404,
})
