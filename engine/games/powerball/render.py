def render(state): return "<svg/>"
