"""Pictures of games: SVG boards, terminal boards and the docs' board diagrams."""
