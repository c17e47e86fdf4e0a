"""The yardstick for start-up time: a bare two-command Typer app in the same environment."""
import typer

app = typer.Typer()


@app.command()
def check(file: str, move: str) -> None:
    print(file, move)


@app.command()
def score(file: str) -> None:
    print(file)


if __name__ == "__main__":
    app()
