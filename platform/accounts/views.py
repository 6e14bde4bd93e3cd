from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts import lockout, services


class GuardedLoginView(auth_views.LoginView):
    """Django's login page behind the login lockout (``accounts.backends`` counts the
    failures): while it holds, the form is shown again with the reason and a 429,
    and the password is not even checked."""

    def post(self, request, *args, **kwargs):
        self.guard = lockout.LoginGuard(request, request.POST.get("username"))
        wait = self.guard.wait()
        if not wait:
            return super().post(request, *args, **kwargs)
        # an unbound form: rendering a bound one would check the password
        form = self.get_form_class()(request, initial={"username": request.POST.get("username")})
        response = self.render_to_response(
            self.get_context_data(form=form, lockout=lockout.refusal(wait)), status=429
        )
        response["Retry-After"] = str(wait)
        return response

    def form_valid(self, form):
        self.guard.succeeded()
        return super().form_valid(form)


@require_http_methods(["GET", "POST"])
def signup(request):
    if request.user.is_authenticated:
        return redirect("home")
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(
            request,
            f"Welcome, {user.username}. Upload your first bot here; "
            f'your API token is under "API token".',
        )
        return redirect("my-bots")
    return render(request, "accounts/signup.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def token(request):
    """Show the user's API token; POST creates it or replaces it with a new one."""
    if request.method == "POST":
        had = services.token_for(request.user) is not None
        services.create_or_regenerate_token(request.user)
        messages.success(
            request,
            "A new API token replaced the old one." if had else "Your API token was created.",
        )
        return redirect("token")
    return render(request, "accounts/token.html", {"token": services.token_for(request.user)})
