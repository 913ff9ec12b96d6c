"""Gleek's replies in English: the words of the historical descriptions (gleek, mournival,
ruff, Tib and Tom, vie)."""

from collections.abc import Mapping
from typing import Final

TEXTS: Final[Mapping[str, str]] = {
    # -- words ---------------------------------------------------------------------------------
    "gleek.who": "[{name}] ",
    "gleek.none": "none",
    "gleek.list_sep": ", ",
    "gleek.or_sep": " / ",
    "gleek.seat_value": "{name} {value}",
    "gleek.unchanged": " Nothing was changed.",
    "gleek.honour.tib": " (Tib)",
    "gleek.honour.tom": " (Tom)",
    "gleek.move.bid": "`/gleek bid AMOUNT`",
    "gleek.move.pass": "`/gleek pass`",
    "gleek.move.discard": "`/gleek discard 7 CARDS`",
    "gleek.move.vie": "`/gleek vie`",
    "gleek.move.see": "`/gleek see`",
    "gleek.move.raise": "`/gleek raise`",
    "gleek.move.play": "`/gleek play CARD`",
    "gleek.phase.waiting": "taking seats",
    "gleek.phase.bid": "the bidding for the stock",
    "gleek.phase.discard": "the discard and take",
    "gleek.phase.vie": "the vie for the ruff",
    "gleek.phase.gleeks": "the gleeks",
    "gleek.phase.tricks": "the tricks",
    "gleek.phase.score": "the settlement",
    "gleek.phase.over": "over",
    "gleek.doing.bid": "bid (`/gleek bid AMOUNT` or `/gleek pass`)",
    "gleek.doing.discard": "discard (`/gleek discard` with 7 cards)",
    "gleek.doing.vie": "move in the vie (`/gleek vie` · `see` · `raise` · `pass`)",
    "gleek.doing.tricks": "play a card (`/gleek play CARD`)",
    "gleek.next": "Next: [{name}] to {doing}.",
    "gleek.next_by": "Next: [{name}] to {doing}, by {when}.",
    # -- a deal --------------------------------------------------------------------------------
    "gleek.dealt": (
        "Deal {deal} of {deals}: {dealer} deals 12 cards each. "
        "The turn-up is {turn_up}: {trump} are trumps."
    ),
    "gleek.dealt.paid": (
        "A trump {chips} turned up: {dealer} takes {chips} chips from each other player."
    ),
    "gleek.dealt.honour": (
        "The turn-up is an honour{name}: {points} points to {dealer}, the dealer."
    ),
    "gleek.dealt.opening": (
        "{eldest} (eldest) has opened the bidding at {bid}. The ruff stake is {stake}."
    ),
    "gleek.hand": "{who}Your hand in deal {deal} (only you can see this)",
    "gleek.hand.cards": "Hand: {cards}",
    "gleek.hand.taken": "Taken from the stock: {cards}",
    "gleek.hand.legal": "You may play: {cards}",
    "gleek.hand.moves": "You may: {moves}",
    # -- the moves -----------------------------------------------------------------------------
    "gleek.bid.raise": "{who}bids {amount} for the stock.",
    "gleek.bid.pass": "{who}passes (the bid stands at {amount}).",
    "gleek.stock_bought": "{buyer} buys the stock for {price}.",
    "gleek.payments": "Payments: {payments}",
    "gleek.exchanged": "{who}discarded {count} face down and took the stock.",
    "gleek.vied.vie": "{who}vies {chips} chips for the ruff (pot {pot}).",
    "gleek.vied.see": "{who}sees ({chips} chips, pot {pot}).",
    "gleek.vied.raise": "{who}raises ({chips} chips, pot {pot}).",
    "gleek.vied.pass": "{who}passes (pot {pot}).",
    "gleek.vied.no_ruff": " Nobody vied: there is no ruff this deal.",
    "gleek.showdown": "Showdown: {winner}'s ruff wins the pot of {pot} chips.",
    "gleek.showdown.unseen": "{winner} is the last one in and takes the pot of {pot} chips unseen.",
    "gleek.showdown.ruff": "{name}: {suit} {cards} ({value})",
    "gleek.showdown.four_aces": "{name}: four aces {cards}",
    "gleek.gleeks.gleek": "{name}'s gleek {cards}: {chips} chips from each other player.",
    "gleek.gleeks.mournival": "{name}'s mournival {cards}: {chips} chips from each other player.",
    "gleek.played": "{who}plays {card} (trick {number}: {trick}).",
    "gleek.played.honour": " Honour{name}: {points} points.",
    "gleek.played.low_trump": " A low trump: {chips} chips from each other player.",
    "gleek.trick_won": "Trick {number} ({plays}) goes to {winner}.",
    "gleek.timeout": "{who}The default move (the one for a missed deadline) was played.",
    "gleek.deal_scored": (
        "Deal {deal} settled (points = 3 per trick + honours; the difference from 22 in chips)"
    ),
    "gleek.scored.tricks": "tricks",
    "gleek.scored.points": "points",
    "gleek.scored.settlement": "settlement",
    "gleek.scored.deal_chips": "chips this deal",
    "gleek.scored.chips": "chips in all",
    "gleek.game_over": "Game over! The chips:",
    "gleek.game_over.abandoned": (
        "A moderator closed the table. The deal in progress is void; the deals played stand."
    ),
    "gleek.draws": (
        "All {count} draws of the table"
        " (the first dealer and the deals), digest sha256: {digest} (when a check of the table's"
        " record shows this same digest, no deal is missing from it)"
    ),
    "gleek.seed": "Seed: {seed} (`/gleek verify` checks every deal)",
    "gleek.score.corner": "",
    "gleek.score.deal": "deal {deal}",
    "gleek.score.total": "total",
    "gleek.score.head": "Gleek chips ({played} of {deals} deals)",
    # -- looking at the table ------------------------------------------------------------------
    "gleek.status": "Deal {deal} of {deals} · {phase} · dealer {dealer} · turn-up {turn_up}",
    "gleek.status.vie": "Ruff stake {stake} · pot {pot}",
    "gleek.status.trick": "This trick: {trick}",
    "gleek.status.tricks": "Tricks won: {values}",
    "gleek.status.chips": "Chips: {values}",
    "gleek.status.to_act": "[{name}] to move: {moves}",
    "gleek.log": "Deal {deal}: dealer {dealer} · turn-up {turn_up}",
    "gleek.log.buyer": "Stock: bought by {buyer} for {price}",
    "gleek.log.trick": "{number}: {plays} → {winner}",
    "gleek.log.points": "Points: {values}",
    "gleek.log.chips": "Chips: {values}",
    # -- refusals ------------------------------------------------------------------------------
    "gleek.finished": "{who}This game is over.",
    "gleek.not_seated": "{who}You have no seat at this table.",
    "gleek.dealing": "{who}The cards are being dealt.",
    "gleek.wrong_phase": "{who}This is {phase}: {move} is not a move now.",
    "gleek.not_your_turn": "{who}It is [{to_act}]'s move.",
    "gleek.not_buyer": "{who}Only {buyer}, who bought the stock, discards.",
    "gleek.bid_too_low": "{who}A bid must be a whole number of at least {min} (above the bid).",
    "gleek.bid_too_high": "{who}The highest bid is {max}.",
    "gleek.discard_count": "{who}Discard exactly {needed} cards ({count} were named).",
    "gleek.discard_repeated": "{who}A card is named twice: {cards}. Name {needed} different ones.",
    "gleek.card_not_held": "{who}{card} is not in your hand.",
    "gleek.must_follow": "{who}You hold a card of the suit led ({suit}): follow suit.",
    "gleek.no_bet": "{who}Nobody has vied yet, so there is nothing to see or raise (`/gleek vie`).",
    "gleek.bet_open": "{who}The vie is open: `see`, `raise` or `pass`.",
    "gleek.raise_cap": "{who}At most {raises} raises a deal.",
    "gleek.bad_card": (
        "{who}“{token}” is not a Gleek card (write QH, 10♠, ♦A; there are no 2s and 3s)."
    ),
    "gleek.bad_amount": "{who}The bid “{amount}” is not a whole number.",
    "gleek.one_card": "{who}Play one card at a time (not {cards}).",
    "gleek.no_deal": "{who}There is no deal {deal} (this is deal {played}).",
    "gleek.bad_move": "{who}That move cannot be read.",
    "gleek.legal.moves": "You may: {moves}",
    "gleek.legal.cards": "You may play: {cards}",
    "gleek.legal.wait": "Wait for [{name}]'s move.",
    # -- the game's name, and its commands on Discord and in the help --------------------------
    "table.export.closed.gleek": (
        "The record of {game} table {table} (draws: {draws}; its seed revealed). File: {filename}"
    ),
    "table.export.open.gleek": (
        "The record of {game} table {table} (draws: {draws}). The seed is revealed when the "
        "table ends. File: {filename}"
    ),
    "table.verify.ok.gleek": (
        "✅ {game} table {table}: the seed matches its seal and every deal matches the seed "
        "(deals checked: {draws})."
    ),
    "table.verify.failed.gleek": (
        "❌ {game} table {table}: deals checked: {draws}; mismatches: {count}."
    ),
    "table.verify.detail.faces.gleek": (
        "draw {throw_seq}: the seed gives {expected}, recorded {recorded} (values from 0)"
    ),
    "table.verify.detail.duplicate.gleek": "deal {throw_seq} is recorded {uses} times",
    "table.verify.detail.gap.gleek": "no record of deal {missing} (numbers run to {last})",
    "table.commitment.gleek": (
        "The deals are sealed, sha256: {commitment} (the seed is revealed when the game ends, "
        "so that anyone can check every deal)"
    ),
    "game.gleek": "Gleek",
    "game_short.gleek": "Gleek",
    "choice.game.gleek": "Gleek",
    "slash.gleek": "gleek",
    "slash.group.gleek": "A Gleek table (cards, three players)",
    "slash.gleek.new": "new",
    "slash.gleek.config": "config",
    "slash.gleek.join": "join",
    "slash.gleek.leave": "leave",
    "slash.gleek.start": "start",
    "slash.gleek.bid": "bid",
    "slash.gleek.pass": "pass",
    "slash.gleek.discard": "discard",
    "slash.gleek.vie": "vie",
    "slash.gleek.see": "see",
    "slash.gleek.raise": "raise",
    "slash.gleek.play": "play",
    "slash.gleek.hand": "hand",
    "slash.gleek.log": "log",
    "slash.gleek.status": "status",
    "slash.gleek.score": "score",
    "slash.gleek.export": "export",
    "slash.gleek.verify": "verify",
    "slash.gleek.skip": "skip",
    "slash.gleek.abandon": "abandon",
    "cmd.gleek.new": "Open a Gleek table in this channel (or thread) and take its first seat",
    "cmd.gleek.config": "See or change the settings before the start (opener or moderator)",
    "cmd.gleek.join": "Take the next seat (before the start, 3 seats)",
    "cmd.gleek.leave": "Leave a table before it starts",
    "cmd.gleek.start": "Start with 3 players (opener or moderator)",
    "cmd.gleek.bid": "Bid for the stock (above the bid, at most 40)",
    "cmd.gleek.pass": "Pass in the bidding or the vie",
    "cmd.gleek.discard": "The buyer discards 7 cards (only you see them)",
    "cmd.gleek.vie": "Vie for the ruff",
    "cmd.gleek.see": "Bring your bet up to the highest",
    "cmd.gleek.raise": "Raise the vie (at most 3 raises a deal)",
    "cmd.gleek.play": "Play a card",
    "cmd.gleek.hand": "See your own hand (only you see it)",
    "cmd.gleek.log": "A deal's record (the cards of each trick)",
    "cmd.gleek.status": "The deal, phase, whose move and the chips",
    "cmd.gleek.score": "The chips deal by deal",
    "cmd.gleek.export": "The table's record as JSON (every deal; the cards once the table ends)",
    "cmd.gleek.verify": "Check every deal of an ended table against its seed",
    "cmd.gleek.skip": "Play the default move now, as if the time ran out (moderators)",
    "cmd.gleek.abandon": (
        "Close the table (moderators; the deal in progress is void, the rest stand)"
    ),
    "choice.deals.3": "3 deals",
    "choice.deals.6": "6 deals",
    "choice.deals.9": "9 deals",
    "choice.deals.12": "12 deals",
    "arg.deals": "deals",
    "arg.deals.text": "How many deals (3, 6, 9, 12)",
    "arg.amount": "amount",
    "arg.amount.text": "The bid (above the bid, at most 40)",
    "arg.cards": "cards",
    "arg.cards.text": "The 7 cards to discard (e.g. QH JH QC JC TC 9C 4D)",
    "arg.card": "card",
    "arg.card.text": "The card to play (e.g. QH, 10♠, ♦A)",
    "arg.deal": "deal",
    "arg.deal.text": "Which deal",
}
