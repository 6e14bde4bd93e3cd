"""Search bots built once on the game contract: determinised Monte Carlo search
over the decisions ``pending`` offers, from states a game's ``determinise`` draws
to agree with the searching seat's view (``mcts``), the rules stepped without a
runner (``simulate``), the actions worth trying at a decision and the policy
that plays them out (``proposals``) and the built-in bots at three budgets
(``bot``)."""
