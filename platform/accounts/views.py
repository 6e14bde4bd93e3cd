from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts import services


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, f"Welcome, {user.username}. Upload your first bot here; "
                                  f"your API token is under \"API token\".")
        return redirect("my-bots")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def token(request):
    """Show the user's API token; POST creates it or replaces it with a new one."""
    if request.method == "POST":
        had = services.token_for(request.user) is not None
        services.create_or_regenerate_token(request.user)
        messages.success(request, "A new API token replaced the old one." if had
                         else "Your API token was created.")
        return redirect("token")
    return render(request, "accounts/token.html", {"token": services.token_for(request.user)})
