#!/usr/bin/env python3
"""A bot for catan's seat protocol (docs/protocol.md), standard library only.

Play it:   catan --players "Ann,prog:python3 examples/seat_bot.py"
Arena:     catan arena --players "medium,prog:python3 examples/seat_bot.py" --games 4

It reads one JSON message a line on stdin and answers on stdout; anything it wants to say
goes to stderr (the game keeps only the last line, for its message if the bot fails).
It plays legal moves with simple preferences: cities, then settlements on rich corners, then
development cards and roads; it rolls, moves the robber onto the leader, discards what it
has most of, trades with the bank for what completes a build (or to thin a big hand
before a 7), and declines every trade offer.
"""
import json
import sys

COSTS = [  # a city, a settlement
    {"grain": 2, "ore": 3},
    {"brick": 1, "lumber": 1, "wool": 1, "grain": 1},
]
PIPS = {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}


class Bot:
    def __init__(self):
        self.seat = None
        self.map = None

    def corner_value(self, view, corner):
        """The dots of the numbers around an intersection (more dice rolls pay it)."""
        tokens = view["board"]["tokens"]
        robber = view["board"]["robber"]
        return sum(PIPS.get(tokens[h], 0) for h in self.map["intersections"][corner]["hexes"] if h != robber)

    def hex_harm(self, view, hexagon):
        """What the robber on a hex costs the others (and spares us)."""
        harm = 0
        for p in view["players"]:
            mine = p["seat"] == self.seat
            corners = set(self.map["hexes"][hexagon]["corners"])
            weight = len(corners & set(p["settlements"])) + 2 * len(corners & set(p["cities"]))
            harm += (-3 if mine else 1 + p["points"] / 4) * weight
        return harm * PIPS.get(view["board"]["tokens"][hexagon], 0)

    def score(self, view, move):
        kind = move["type"]
        hand = view["you"]["hand"]
        if kind == "build_city":
            return 1000 + self.corner_value(view, move["at"])
        if kind == "build_settlement":
            return 900 + self.corner_value(view, move["at"])
        if kind == "roll":
            return 850
        if kind == "play_knight":
            return 820 if view["phase"]["kind"] == "roll" else 300
        if kind == "buy_dev_card":
            return 700
        if kind == "build_road":
            ends = self.map["paths"][move["path"]]
            return 500 + max(self.corner_value(view, c) for c in ends)
        if kind == "move_robber":
            victim = move.get("victim")
            cards = view["players"][victim]["resource_cards"] if victim is not None else 0
            return 400 + self.hex_harm(view, move["hex"]) + cards
        if kind == "discard":
            return 400 + hand.get(move["resource"], 0)
        if kind == "maritime_trade":
            return self.trade_score(hand, move)
        if kind in ("play_year_of_plenty", "play_monopoly", "play_road_building"):
            return 350
        if kind == "end_turn":
            return 100
        if kind in ("decline_trade", "cancel_trade"):
            return 90
        return 0  # trades, offers, anything else: only if nothing else is legal

    def trade_score(self, hand, move):
        """A trade with the bank that completes a city or a settlement, or that turns a pile
        of one card into one we have none of before a 7 halves the hand."""
        after = dict(hand)
        after[move["give"]] = after.get(move["give"], 0) - move["rate"]
        after[move["get"]] = after.get(move["get"], 0) + 1
        for cost in COSTS:
            if all(after.get(r, 0) >= n for r, n in cost.items()) and not all(
                hand.get(r, 0) >= n for r, n in cost.items()
            ):
                return 600
        if sum(hand.values()) > 7 and hand.get(move["get"], 0) == 0:
            return 150
        return 0

    def decide(self, message):
        view, legal = message["view"], message["legal"]
        best = max(range(len(legal)), key=lambda i: (self.score(view, legal[i]), -i))
        return {"type": "move", "id": message["id"], "index": best}


def main():
    bot = Bot()
    for text in sys.stdin:
        message = json.loads(text)
        kind = message["type"]
        if kind == "hello":
            answer = {"type": "hello", "name": "seat_bot.py", "version": 1}
        elif kind == "start":
            bot.seat, bot.map = message["seat"], message["map"]
            continue
        elif kind == "decide":
            answer = bot.decide(message)
        elif kind == "end":
            return
        else:
            continue  # a message of a later version: not ours to answer
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
