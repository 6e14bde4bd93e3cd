"""Search bots built once on the game contract: information-set Monte Carlo tree
search over the decisions ``pending`` offers, from states a game's
``determinise`` draws to agree with the searching seat's view (``mcts``), the
rules stepped without a runner (``simulate``), the actions worth trying at a
decision (``proposals``) and the built-in bots at three budgets (``bot``)."""
